import { contentCalls, pathOf, type Foundation } from '@maika/shared';
import { List } from '@refinedev/antd';
import { useCustom, useTranslate } from '@refinedev/core';
import { Button, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useLocale } from '../../components/display';
import { loadedAnswer } from '../../components/loadedAnswer';
import { bpOf, percentRule, percentText } from '../../components/moneyRules';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

type Values = Omit<Foundation, 'rebateRateBp'> & { rebateRate: string };
const platforms = ['h5', 'weapp', 'alipay'] as const;

/** Site name, service and app links per platform, old-platform address, version stamp, rebate rate. */
export function FoundationPage() {
  const t = useTranslate();
  const locale = useLocale();
  const canSave = useCanDo('content/foundation', 'edit');
  const [form] = Form.useForm<Values>();
  const { result, query } = useCustom<Foundation>({ url: pathOf(contentCalls.adminFoundation), method: 'get' });
  const { runCall, isPending } = useAction([]);
  const settings = loadedAnswer(query, result.data);
  const save = async () => {
    // The version fields come with the release and are not the operator's to change.
    const { rebateRate, versionStamp: _stamp, versionCode: _code, ...values } = await form.validateFields();
    await runCall(contentCalls.saveFoundation, {}, { ...values, rebateRateBp: bpOf(rebateRate) });
  };
  // The form appears with the settings and takes them once, so nothing typed is ever overwritten.
  if (!settings) return <Skeleton active />;
  const text = (name: keyof Values, label: string, span = 12, readOnly = false) => (
    <Col span={span}>
      <Form.Item name={name} label={label}>
        <Input disabled={readOnly} />
      </Form.Item>
    </Col>
  );
  return (
    <List
      headerButtons={
        canSave ? (
          <Button type="primary" icon={<SaveOutlined />} loading={isPending} onClick={save}>
            {t('buttons.save')}
          </Button>
        ) : null
      }
    >
      <Form
        form={form}
        layout="vertical"
        disabled={!canSave}
        initialValues={{ ...settings, rebateRate: percentText(settings.rebateRateBp) }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Card title={t('foundation.site')} style={{ height: '100%' }}>
              <Row gutter={16}>
                {text('siteName', t('foundation.siteName'))}
                {text('servicePhone', t('foundation.servicePhone'))}
                {text('serviceHours', t('foundation.serviceHours'))}
                {text('icp', t('foundation.icp'))}
                {text('versionStamp', t('foundation.versionStamp'), 12, true)}
                {text('versionCode', t('foundation.versionCode'), 12, true)}
                {text('oldPlatformUrl', t('foundation.oldPlatformUrl'), 24)}
              </Row>
            </Card>
          </Col>
          <Col span={12}>
            <Card title={t('foundation.links')} style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                {platforms.map((p) => (
                  <Col span={24} key={`cs-${p}`}>
                    <Form.Item
                      name={['customerServiceUrl', p]}
                      label={`${t('foundation.customerService')} · ${t(`foundation.platforms.${p}`)}`}
                    >
                      <Input />
                    </Form.Item>
                  </Col>
                ))}
                {platforms.map((p) => (
                  <Col span={24} key={`launch-${p}`}>
                    <Form.Item name={['appLaunchUrl', p]} label={`${t('foundation.appLaunch')} · ${t(`foundation.platforms.${p}`)}`}>
                      <Input />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Card>
            <Card title={t('foundation.rebate')}>
              <Form.Item
                name="rebateRate"
                label={t('foundation.rebateRate')}
                extra={t('foundation.rebateRateHint')}
                rules={[percentRule(locale)]}
              >
                <Input suffix="%" style={{ maxWidth: 200 }} />
              </Form.Item>
            </Card>
          </Col>
        </Row>
      </Form>
    </List>
  );
}
