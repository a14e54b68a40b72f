import {
  Code,
  messageCalls,
  messageChannelTable,
  messageTypeTable,
  pathOf,
  TEMPLATE_ID_MAX,
  type AdminMessageChannel,
  type MessageTypeKey,
} from '@maika/shared';
import { List } from '@refinedev/antd';
import { useCustom, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Input, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useLocale } from '../../components/display';
import { loadedAnswer } from '../../components/loadedAnswer';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';
import { ApiError } from '../../providers/api';

interface Values {
  enabled: boolean;
  templates: Partial<Record<MessageTypeKey, string>>;
}

/** The type whose template id a refusal is about: the one missing (2002), or the one the server refused (1001). */
function refusedType(error: ApiError): MessageTypeKey | undefined {
  if (error.code === Code.MessageTemplateMissing) {
    const type = (error.data as { type?: number } | null)?.type;
    return type === undefined ? undefined : messageTypeTable.byCode(type)?.key;
  }
  const [group, key] = error.fieldProblem?.field.split('.') ?? [];
  return group === 'templates' && key ? messageTypeTable.byKey(key)?.key : undefined;
}

/** One channel: its switch, a template id per message type, and the server's refusal shown on the form. */
function ChannelForm({ channel, canEdit }: { channel: AdminMessageChannel; canEdit: boolean }) {
  const t = useTranslate();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { runCall, isPending } = useAction(['messageChannels']);
  const entry = messageChannelTable.byCode(channel.channel)!;

  const save = async () => {
    const values = form.getFieldsValue(true) as Values;
    // A pasted id often carries a space; an emptied field means no template for that type.
    const templates = Object.fromEntries(messageTypeTable.keys.map((key) => [key, (values.templates?.[key] ?? '').trim()]));
    setRefusal(null);
    form.setFields(messageTypeTable.keys.map((key) => ({ name: ['templates', key], errors: [] })));
    try {
      await runCall(messageCalls.saveChannel, { channel: channel.channel }, { enabled: values.enabled, templates });
      form.setFieldsValue({ templates });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      setRefusal(error.message);
      const type = refusedType(error);
      if (type) {
        form.setFields([{ name: ['templates', type], errors: [error.fieldProblem?.reason ?? t('messageChannels.templateRequired')] }]);
        form.scrollToField(['templates', type], { block: 'center' });
      }
    }
  };

  return (
    <Form
      form={form}
      name={`channel-${entry.key}`}
      layout="vertical"
      disabled={!canEdit}
      initialValues={{ enabled: channel.enabled, templates: channel.templates }}
    >
      <Card
        data-testid={`message-channel-${entry.key}`}
        title={entry.label[locale]}
        extra={
          <Space size="middle">
            <Form.Item name="enabled" valuePropName="checked" noStyle>
              <Switch aria-label={t('common.enabled')} checkedChildren={t('common.on')} unCheckedChildren={t('common.off')} />
            </Form.Item>
            {canEdit && (
              <Button type="primary" icon={<SaveOutlined />} loading={isPending} onClick={save}>
                {t('buttons.save')}
              </Button>
            )}
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t(`messageChannels.hints.${entry.key}`)}</Typography.Paragraph>
        {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
        {/* Three a row: a WeChat template id runs to some forty characters and should show whole. */}
        <Row gutter={24}>
          {messageTypeTable.values.map((type) => (
            <Col span={8} key={type.key}>
              <Form.Item name={['templates', type.key]} label={type.label[locale]} style={{ marginBottom: 12 }}>
                <Input allowClear maxLength={TEMPLATE_ID_MAX} placeholder={t('messageChannels.templatePlaceholder')} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
    </Form>
  );
}

/** SMS, WeChat and Alipay subscribe messages: each on or off, with the vendor's template id for every message type. */
export function MessageChannelList() {
  const t = useTranslate();
  const canEdit = useCanDo('messageChannels', 'edit');
  const { result, query } = useCustom<{ list: AdminMessageChannel[] }>({ url: pathOf(messageCalls.adminChannels), method: 'get' });
  const channels = loadedAnswer(query, result.data);
  return (
    <List>
      <Typography.Paragraph type="secondary">{t('messageChannels.intro')}</Typography.Paragraph>
      {channels ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {channels.list.map((channel) => (
            <ChannelForm key={channel.channel} channel={channel} canEdit={canEdit} />
          ))}
        </Space>
      ) : (
        <Skeleton active />
      )}
    </List>
  );
}
