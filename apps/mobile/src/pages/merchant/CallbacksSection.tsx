import { colorHex, labelOf, merchantCallbackStatusTable, type SemanticColor } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import type { MerchantCallback } from '@/api/endpoints/merchants';
import { useMerchantCallbacks, useResendMerchantCallback } from '@/api/queries/merchants';
import { AsyncView } from '@/components/AsyncView';
import { toast } from '@/feedback';
import { formatDateTime } from '@/format/date';
import { useLocale, useT } from '@/i18n';

/** The newest callback attempts and what the merchant's server answered, each order's callback sendable again. */
export function CallbacksSection() {
  const t = useT();
  const callbacks = useMerchantCallbacks(true);
  return (
    <View className="merchant__card merchant__callbacks">
      <Text className="merchant__section-title">{t('merchant.callbacks.title')}</Text>
      <Text className="merchant__section-hint merchant__section-hint--block">{t('merchant.callbacks.hint')}</Text>
      <AsyncView source={callbacks} compact>
        {({ list }) =>
          list.length === 0 ? (
            <Text className="merchant__empty">{t('merchant.callbacks.empty')}</Text>
          ) : (
            <>
              {list.map((callback) => (
                <CallbackRow key={callback.id} callback={callback} />
              ))}
            </>
          )
        }
      </AsyncView>
    </View>
  );
}

function CallbackRow({ callback }: { callback: MerchantCallback }) {
  const t = useT();
  const locale = useLocale();
  const resend = useResendMerchantCallback();
  const entry = merchantCallbackStatusTable.byCode(callback.status);
  const color = colorHex((entry?.color ?? 'gray') as SemanticColor);
  const answer =
    callback.responseCode !== null
      ? t('merchant.callbacks.answered', { status: callback.responseCode })
      : (callback.error ?? t('merchant.callbacks.noAnswer'));
  const resendIt = () => {
    if (resend.isPending) return;
    resend.mutate({ merchantOrderNo: callback.merchantOrderNo }, { onSuccess: () => toast(t('merchant.callbacks.resent'), 'success') });
  };
  return (
    <View className="merchant__callback">
      <View className="merchant__key-head">
        <Text className="merchant__callback-order">{callback.merchantOrderNo}</Text>
        <Text className="merchant__tag" style={{ color }}>
          {labelOf(merchantCallbackStatusTable, callback.status, locale)}
        </Text>
      </View>
      <Text className="merchant__key-line">
        {t('merchant.callbacks.attempt', { attempt: callback.attempt, time: formatDateTime(callback.createdAt) })}
      </Text>
      <Text className="merchant__key-line merchant__callback-answer">{answer}</Text>
      {callback.nextAttemptAt ? (
        <Text className="merchant__key-line">{t('merchant.callbacks.next', { time: formatDateTime(callback.nextAttemptAt) })}</Text>
      ) : null}
      {/* Delivered ones too: the merchant's system may have lost what it acknowledged. */}
      <Text className="merchant__key-revoke merchant__callback-resend" onClick={resendIt}>
        {t('merchant.callbacks.resend')}
      </Text>
    </View>
  );
}
