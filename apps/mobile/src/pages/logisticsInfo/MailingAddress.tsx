import { writtenIn, type Locale, type MailingAddress as Address } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { useFoundation } from '@/api/queries/content';
import { toast } from '@/feedback';
import { useLocale, useT } from '@/i18n';
import './MailingAddress.scss';

/** The address in the reader's language: English readers get the Chinese where no English is set. */
function localAddress(address: Address, locale: Locale) {
  return {
    recipient: writtenIn(address.recipient, address.recipientEn, locale),
    phone: address.phone,
    address: writtenIn(address.address, address.addressEn, locale),
  };
}

/**
 * Where physical cards are mailed, from the site settings, with a button that copies it whole for
 * the courier's form. Nothing when the operators have set no address.
 */
export function MailingAddress() {
  const t = useT();
  const locale = useLocale();
  const settings = useFoundation().data?.mailingAddress;
  if (!settings?.address) return null;
  const shown = localAddress(settings, locale);
  const copy = async () => {
    await Taro.setClipboardData({ data: `${shown.recipient} ${shown.phone} ${shown.address}` });
    toast(t('mailing.copied'));
  };
  return (
    <View className="mailing-address">
      <View className="mailing-address__head">
        <Text className="mailing-address__title">{t('mailing.title')}</Text>
        <Text className="mailing-address__copy" onClick={() => void copy().catch(() => undefined)}>
          {t('mailing.copy')}
        </Text>
      </View>
      <Line label={t('mailing.recipient')} value={shown.recipient} name="recipient" />
      <Line label={t('mailing.phone')} value={shown.phone} name="phone" />
      <Line label={t('mailing.address')} value={shown.address} name="address" />
    </View>
  );
}

function Line({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <View className="mailing-address__line">
      <Text className="mailing-address__label">{label}</Text>
      <Text className={`mailing-address__value mailing-address__value--${name}`} userSelect>
        {value}
      </Text>
    </View>
  );
}
