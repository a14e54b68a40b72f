import { colorHex, labelOf, MerchantStatus, merchantStatusTable, type SemanticColor } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import type { MerchantProfile } from '@/api/endpoints/merchants';
import { useMerchantProfile } from '@/api/queries/merchants';
import { AsyncView } from '@/components/AsyncView';
import { formatDateTime } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { addPageMessages, useLocale, useT, type MessageKey } from '@/i18n';
import { merchantMessages } from '@/i18n/locales/pages/merchant';
import { LoginFirst } from '@/pages/realNameAuth/LoginFirst';
import { useAuthStore } from '@/stores/auth';
import { ApplyForm } from './ApplyForm';
import { CallbacksSection } from './CallbacksSection';
import { KeysSection } from './KeysSection';
import { NotifyUrlSection } from './NotifyUrlSection';
import { SigningHelp } from './SigningHelp';
import './merchant.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/merchant.ts).
addPageMessages(merchantMessages);

/**
 * The merchant API page: a reseller applies here, sees where its application stands and, once an
 * operator approved it, manages the API keys and the callback address its own system works with.
 */
export default function Merchant() {
  usePageTitle('merchant');
  const t = useT();
  const isLogin = useAuthStore((state) => state.isLogin);
  return <View className="merchant">{isLogin ? <MerchantAccess /> : <LoginFirst body={t('merchant.loginFirst')} />}</View>;
}

function MerchantAccess() {
  const profile = useMerchantProfile();
  return (
    <AsyncView source={profile}>
      {(merchant) =>
        merchant.status === null ? (
          <ApplyForm />
        ) : (
          <>
            <StatusCard merchant={{ ...merchant, status: merchant.status }} />
            {merchant.status === MerchantStatus.Approved ? (
              <>
                <KeysSection keys={merchant.keys} />
                <NotifyUrlSection saved={merchant.notifyUrl} />
                <CallbacksSection />
              </>
            ) : null}
            {merchant.status === MerchantStatus.Refused ? (
              <ApplyForm
                refused={{
                  name: merchant.name ?? '',
                  contact: merchant.contact ?? '',
                  monthlyVolume: String(merchant.monthlyVolume ?? ''),
                }}
              />
            ) : (
              <SigningHelp />
            )}
          </>
        )
      }
    </AsyncView>
  );
}

/** What each status means for the merchant and what to do next. */
const statusTexts: Record<MerchantStatus, MessageKey> = {
  [MerchantStatus.Waiting]: 'merchant.status.waiting.body',
  [MerchantStatus.Approved]: 'merchant.status.approved.body',
  [MerchantStatus.Refused]: 'merchant.status.refused.body',
  [MerchantStatus.Suspended]: 'merchant.status.suspended.body',
};

function StatusCard({ merchant }: { merchant: MerchantProfile & { status: MerchantStatus } }) {
  const t = useT();
  const locale = useLocale();
  const entry = merchantStatusTable.byCode(merchant.status);
  const color = colorHex((entry?.color ?? 'gray') as SemanticColor);
  const decided = merchant.status !== MerchantStatus.Waiting;
  return (
    <View className="merchant__card merchant__status" data-status={entry?.key}>
      <View className="merchant__status-head">
        <Text className="merchant__status-label">{t('merchant.status.title')}</Text>
        <Text className="merchant__tag" style={{ color }}>
          {labelOf(merchantStatusTable, merchant.status, locale)}
        </Text>
      </View>
      <Text className="merchant__status-body">{t(statusTexts[merchant.status])}</Text>
      {merchant.reason && decided ? (
        <Text className="merchant__status-reason">{t('merchant.status.reason', { reason: merchant.reason })}</Text>
      ) : null}
      <View className="merchant__facts">
        <Fact label={t('merchant.apply.name.label')} value={merchant.name ?? ''} />
        <Fact label={t('merchant.apply.contact.label')} value={merchant.contact ?? ''} />
        <Fact label={t('merchant.apply.volume.label')} value={t('merchant.volume.value', { count: merchant.monthlyVolume ?? 0 })} />
        {merchant.appliedAt ? <Fact label={t('merchant.appliedAt')} value={formatDateTime(merchant.appliedAt)} /> : null}
        {merchant.decidedAt && decided ? <Fact label={t('merchant.decidedAt')} value={formatDateTime(merchant.decidedAt)} /> : null}
      </View>
    </View>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View className="merchant__fact">
      <Text className="merchant__fact-label">{label}</Text>
      <Text className="merchant__fact-value">{value}</Text>
    </View>
  );
}
