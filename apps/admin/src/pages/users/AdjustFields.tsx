import type { Locale } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { Form, Input, Radio } from 'antd';
import { yuanRule } from '../../components/moneyRules';

export interface AdjustValues {
  direction: 1 | -1;
  amount: string;
  reason: string;
}

/** The amount is typed unsigned in yuan; the direction gives it a sign. */
export function signedFen(direction: 1 | -1, fen: number): number {
  return direction === -1 ? -fen : fen;
}

export function AdjustFields({ locale }: { locale: Locale }) {
  const t = useTranslate();
  return (
    <>
      <Form.Item name="direction" label={t('users.direction')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 1, label: t('users.credit') },
            { value: -1, label: t('users.debit') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('users.amount')}
        extra={t('users.adjustLimit')}
        rules={[{ required: true, message: t('common.amountRequired') }, yuanRule(locale, true)]}
      >
        <Input prefix="¥" />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('common.reason')}
        rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }, { max: 200 }]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </>
  );
}
