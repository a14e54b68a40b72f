import { formatFen, pathOf, riskCalls, type PayoutLimits } from '@maika/shared';
import { useCustom, useTranslate } from '@refinedev/core';
import { Form, Input, Space, Typography } from 'antd';
import { ActionModalButton } from '../../components/ActionModalButton';
import { useLocale } from '../../components/display';
import { fenOf, yuanRule, yuanText } from '../../components/moneyRules';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

/** The daily automatic payout limits; administrators change them (audited). */
export function PayoutLimitsBar() {
  const t = useTranslate();
  const locale = useLocale();
  const canEdit = useCanDo('withdrawals', 'limits');
  const { result, query } = useCustom<PayoutLimits>({ url: pathOf(riskCalls.payoutLimits), method: 'get' });
  const { runCall } = useAction(['withdrawals']);
  // Until the answer arrives refine hands over an empty placeholder object, not undefined.
  const limits = query.isSuccess ? result.data : undefined;
  if (!limits) return null;
  return (
    <Space data-testid="payout-limits">
      <Typography.Text type="secondary">
        {t('withdrawals.limits', { user: formatFen(limits.userDailyFen), platform: formatFen(limits.platformDailyFen) })}
      </Typography.Text>
      {canEdit && (
        <ActionModalButton<{ user: string; platform: string }>
          label={t('withdrawals.changeLimits')}
          title={t('withdrawals.changeLimitsTitle')}
          button={{ size: 'small' }}
          initialValues={{ user: yuanText(limits.userDailyFen), platform: yuanText(limits.platformDailyFen) }}
          fields={
            <>
              <Form.Item name="user" label={t('withdrawals.userDailyLimit')} rules={[yuanRule(locale, true, true)]}>
                <Input prefix="¥" />
              </Form.Item>
              <Form.Item name="platform" label={t('withdrawals.platformDailyLimit')} rules={[yuanRule(locale, true, true)]}>
                <Input prefix="¥" />
              </Form.Item>
            </>
          }
          onSubmit={async (v) => {
            await runCall(riskCalls.savePayoutLimits, {}, { userDailyFen: fenOf(v.user) ?? 0, platformDailyFen: fenOf(v.platform) ?? 0 });
            await query.refetch();
          }}
        />
      )}
    </Space>
  );
}
