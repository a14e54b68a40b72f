import { MERCHANT_ACTIVE_KEYS_MAX } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { MerchantKey, MerchantKeyCreated } from '@/api/endpoints/merchants';
import { useCreateMerchantKey, useRevokeMerchantKey } from '@/api/queries/merchants';
import { confirm, toast } from '@/feedback';
import { formatDateTime } from '@/format/date';
import { useT } from '@/i18n';
import { activeKeyCount } from './merchantForm';
import { SecretDialog } from './SecretDialog';

/** The merchant's API keys, newest first: make one (its secret shown once), see when each was used, revoke one. */
export function KeysSection({ keys }: { keys: readonly MerchantKey[] }) {
  const t = useT();
  const create = useCreateMerchantKey();
  const [created, setCreated] = useState<MerchantKeyCreated | null>(null);
  const active = activeKeyCount(keys);
  const full = active >= MERCHANT_ACTIVE_KEYS_MAX;

  const createKey = () => {
    if (create.isPending || full) return;
    create.mutate(undefined, { onSuccess: setCreated });
  };

  return (
    <View className="merchant__card merchant__keys">
      <View className="merchant__section-head">
        <View className="merchant__section-titles">
          <Text className="merchant__section-title">{t('merchant.keys.title')}</Text>
          <Text className="merchant__section-hint">{t('merchant.keys.count', { active, max: MERCHANT_ACTIVE_KEYS_MAX })}</Text>
        </View>
        <Button
          className="merchant__create"
          type="primary"
          size="small"
          shape="round"
          disabled={full}
          loading={create.isPending}
          onClick={createKey}
        >
          {t('merchant.keys.create')}
        </Button>
      </View>
      {full ? <Text className="merchant__note">{t('merchant.keys.full', { max: MERCHANT_ACTIVE_KEYS_MAX })}</Text> : null}
      {keys.length === 0 ? <Text className="merchant__empty">{t('merchant.keys.empty')}</Text> : null}
      {keys.map((key) => (
        <KeyRow key={key.keyId} merchantKey={key} />
      ))}
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </View>
  );
}

function KeyRow({ merchantKey: key }: { merchantKey: MerchantKey }) {
  const t = useT();
  const revoke = useRevokeMerchantKey();

  const revokeKey = async () => {
    const confirmed = await confirm({
      title: t('merchant.keys.revoke.title'),
      content: t('merchant.keys.revoke.content', { keyId: key.keyId }),
      confirmText: t('merchant.keys.revoke.confirm'),
      cancelText: t('common.cancel'),
      destructive: true,
    });
    if (!confirmed || revoke.isPending) return;
    revoke.mutate(key.keyId, { onSuccess: () => toast(t('merchant.keys.revoked'), 'success') });
  };

  return (
    <View className={key.revoked ? 'merchant__key merchant__key--revoked' : 'merchant__key'} data-key-id={key.keyId}>
      <View className="merchant__key-head">
        <Text className="merchant__key-id" userSelect>
          {key.keyId}
        </Text>
        <Text className={key.revoked ? 'merchant__tag merchant__tag--muted' : 'merchant__tag merchant__tag--active'}>
          {key.revoked ? t('merchant.keys.state.revoked') : t('merchant.keys.state.active')}
        </Text>
      </View>
      <Text className="merchant__key-line">{t('merchant.keys.createdAt', { time: formatDateTime(key.createdAt) })}</Text>
      <Text className="merchant__key-line">
        {key.lastUsedAt ? t('merchant.keys.lastUsedAt', { time: formatDateTime(key.lastUsedAt) }) : t('merchant.keys.neverUsed')}
      </Text>
      {key.revoked && key.revokedAt ? (
        <Text className="merchant__key-line">{t('merchant.keys.revokedAt', { time: formatDateTime(key.revokedAt) })}</Text>
      ) : null}
      {key.revoked ? null : (
        <Text className="merchant__key-revoke" onClick={() => void revokeKey()}>
          {t('merchant.keys.revoke')}
        </Text>
      )}
    </View>
  );
}
