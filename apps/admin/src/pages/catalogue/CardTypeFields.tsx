import { cardNumberRuleTypeTable } from '@maika/shared';
import { useSelect } from '@refinedev/antd';
import { useTranslate } from '@refinedev/core';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { enumOptions, useLocale } from '../../components/display';
import { EnglishField } from '../../components/EnglishField';
import { ImageUpload } from '../../components/ImageUpload';

/** The fields of a card type: identity, number and password rules, maintenance, cap. */
export function CardTypeFields() {
  const t = useTranslate();
  const locale = useLocale();
  const { selectProps: categories } = useSelect({
    resource: 'categories',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
  });
  const maintenance = Form.useWatch('maintenance');
  const needsCardNo = Form.useWatch('needsCardNo');
  const ruleTypes = enumOptions(cardNumberRuleTypeTable, locale);
  return (
    <Row gutter={24}>
      <Col span={12}>
        <Form.Item name="categoryId" label={t('catalogue.category')} rules={[{ required: true }]}>
          <Select {...categories} />
        </Form.Item>
        <Form.Item name="name" label={t('catalogue.name')} rules={[{ required: true, whitespace: true }, { max: 40 }]}>
          <Input />
        </Form.Item>
        <EnglishField name="nameEn" label={t('catalogue.name')} max={40} />
        <Form.Item name="logo" label={t('catalogue.logo')}>
          <ImageUpload />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="sort" label={t('common.sort')}>
              <InputNumber min={0} max={100000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="dailyCapPerUser" label={t('catalogue.dailyCap')} extra={t('catalogue.dailyCapHint')}>
              <InputNumber min={1} max={100000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="physical" label={t('catalogue.physical')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="maintenance" label={t('catalogue.maintenance')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {maintenance && (
          <>
            <Form.Item name="maintenanceNote" label={t('catalogue.maintenanceNote')} rules={[{ max: 200 }]}>
              <Input.TextArea rows={2} maxLength={200} showCount />
            </Form.Item>
            <EnglishField name="maintenanceNoteEn" label={t('catalogue.maintenanceNote')} max={200} rows={2} />
          </>
        )}
      </Col>
      <Col span={12}>
        <Form.Item name="needsCardNo" label={t('catalogue.needsCardNo')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {needsCardNo && (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="cardNoRuleType" label={t('catalogue.cardNoRule')}>
                <Select options={ruleTypes} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="cardNoLength" label={t('catalogue.length')} extra={t('catalogue.lengthHint')}>
                <InputNumber min={1} max={64} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="pwdRuleType" label={t('catalogue.pwdRule')}>
              <Select options={ruleTypes} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="pwdLength" label={t('catalogue.length')} extra={t('catalogue.lengthHint')}>
              <InputNumber min={1} max={64} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="caseInsensitive"
          label={t('catalogue.caseInsensitive')}
          extra={t('catalogue.caseInsensitiveHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  );
}
