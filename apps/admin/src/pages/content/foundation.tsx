import { contentCalls, pathOf, type Foundation, type MailingAddress } from '@maika/shared';
import { List } from '@refinedev/antd';
import { useCustom, useTranslate } from '@refinedev/core';
import { Button, Card, Col, Form, Input, Row, Skeleton, Switch, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useLocale } from '../../components/display';
import { loadedAnswer } from '../../components/loadedAnswer';
import { bpOf, percentRule, percentText } from '../../components/moneyRules';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

type Values = Omit<Foundation, 'rebateRateBp'> & { rebateRate: string };
const platforms = ['h5', 'weapp', 'alipay'] as const;

/**
 * Site name, customer service (phone, hours, WeChat's contact button), service and app links per
 * platform, where sellers mail physical cards, old-platform address, version stamp, rebate rate.
 */
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
  const text = (
    name: keyof Values | ['mailingAddress', keyof MailingAddress],
    label: string,
    span = 12,
    readOnly = false,
    extra?: string,
  ) => (
    <Col span={span}>
      <Form.Item name={name} label={label} extra={extra}>
        <Input disabled={readOnly} />
      </Form.Item>
    </Col>
  );
  const mailing = (name: keyof MailingAddress, label: string, span = 12, extra?: string) =>
    text(['mailingAddress', name], label, span, false, extra);
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
            <Card title={t('foundation.site')} style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                {text('siteName', t('foundation.siteName'))}
                {text('icp', t('foundation.icp'))}
                {text('versionStamp', t('foundation.versionStamp'), 12, true)}
                {text('versionCode', t('foundation.versionCode'), 12, true)}
                {text('oldPlatformUrl', t('foundation.oldPlatformUrl'), 24)}
              </Row>
            </Card>
            <Card title={t('foundation.service')} style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                {text('servicePhone', t('foundation.servicePhone'), 12, false, t('foundation.serviceHint'))}
                {text('serviceHours', t('foundation.serviceHours'))}
                <Col span={24}>
                  <Form.Item
                    name="weappContact"
                    label={t('foundation.weappContact')}
                    extra={t('foundation.weappContactHint')}
                    valuePropName="checked"
                  >
                    <Switch />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card title={t('foundation.mailing')}>
              <Row gutter={16}>
                <Col span={24}>
                  <Typography.Paragraph type="secondary">{t('foundation.mailingHint')}</Typography.Paragraph>
                </Col>
                {mailing('recipient', t('foundation.recipient'))}
                {mailing('phone', t('foundation.mailingPhone'))}
                {mailing('address', t('foundation.address'), 24)}
                {mailing('recipientEn', t('foundation.recipientEn'), 24, t('foundation.englishHint'))}
                {mailing('addressEn', t('foundation.addressEn'), 24, t('foundation.englishHint'))}
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
