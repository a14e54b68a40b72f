import { formatFen } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Input, Text, View } from '@tarojs/components';
import { useMemo, useRef, useState } from 'react';
import type { CashAccount, Payee, WithdrawalChannel } from '@/api/endpoints/withdrawals';
import { ApiError } from '@/api/errors';
import { createSubmissionKeys } from '@/api/idempotency';
import { useCashAccount, useExtract, usePayees, useWithdrawalChannels } from '@/api/queries/withdrawals';
import { AsyncView, type AsyncSource } from '@/components/AsyncView';
import { toast } from '@/feedback';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useSubscribeConsent } from '@/hooks/useSubscribeConsent';
import { useT } from '@/i18n';
import { navigateTo, redirectTo } from '@/navigation';
import { LoginFirst } from '@/pages/realNameAuth/LoginFirst';
import { useAuthStore } from '@/stores/auth';
import { amountProblemText } from './amountProblem';
import { ChannelPicker } from './ChannelPicker';
import { feeOfChannel } from './channelTerms';
import { offerRealNameAuth } from './offerRealName';
import { amountInput, checkAmount, fenToYuanInput, withdrawAllFen } from './withdrawAmount';
import './withdraw.scss';

interface WithdrawData {
  account: CashAccount;
  channels: WithdrawalChannel[];
  payees: Payee[];
}

/** The three calls the form needs, as one source: the form shows once all have answered. */
function useWithdrawData(): AsyncSource<WithdrawData> {
  const account = useCashAccount();
  const channels = useWithdrawalChannels();
  const payees = usePayees();
  const parts = [account, channels, payees];
  return {
    data:
      account.data && channels.data && payees.data ? { account: account.data, channels: channels.data, payees: payees.data } : undefined,
    error: parts.find((part) => part.error)?.error ?? null,
    isFetching: parts.some((part) => part.isFetching),
    refetch: (options) => Promise.all(parts.map((part) => part.refetch(options))),
  };
}

export default function Withdraw() {
  usePageTitle('withdraw');
  const t = useT();
  const isLogin = useAuthStore((state) => state.isLogin);
  if (!isLogin) {
    return (
      <View className="withdraw">
        <LoginFirst body={t('withdraw.loginFirst')} />
      </View>
    );
  }
  return <WithdrawPage />;
}

function WithdrawPage() {
  const t = useT();
  const source = useWithdrawData();
  return (
    <View className="withdraw">
      <AsyncView source={source}>{(data) => <WithdrawForm {...data} />}</AsyncView>
      <View className="withdraw__records-link" onClick={() => void navigateTo('withdrawRecord')}>
        <Text>{t('withdraw.records')}</Text>
      </View>
    </View>
  );
}

function WithdrawForm({ account, channels, payees }: WithdrawData) {
  const t = useT();
  const enabled = channels.filter((channel) => channel.enabled);
  const [chosen, setChosen] = useState<number | null>(
    () => (enabled.find((channel) => payees.some((payee) => payee.channel === channel.channel)) ?? enabled[0])?.channel ?? null,
  );
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const keys = useRef(createSubmissionKeys('wd')).current;
  const extract = useExtract();
  const askConsent = useSubscribeConsent('withdraw');

  const channel = enabled.find((candidate) => candidate.channel === chosen) ?? null;
  const payee = payees.find((candidate) => candidate.channel === chosen) ?? null;
  const feeOf = useMemo(() => (channel ? feeOfChannel(channel) : () => 0), [channel]);
  const check = channel ? checkAmount(amount, channel, account.availableFen, feeOf) : null;
  // "Enter an amount" only once the user tried to submit; every other problem as it is typed.
  const problem = check && !check.ok && (submitted || check.problem.kind !== 'empty') ? amountProblemText(t, check.problem) : null;

  const fillAll = () => {
    if (!channel) return;
    const all = withdrawAllFen(channel, account.availableFen, feeOf);
    if (all === null) toast(t('withdraw.all.none', { min: formatFen(channel.minFen) }));
    else setAmount(fenToYuanInput(all));
  };

  const submit = () => {
    setSubmitted(true);
    if (extract.isPending || !channel || !check?.ok) return;
    if (!payee) {
      toast(t('withdraw.payee.missing'));
      return;
    }
    const body = { amountFen: check.amountFen, channel: channel.channel, payeeId: payee.id };
    const idempotencyKey = keys.keyFor(`${body.channel}|${body.amountFen}|${body.payeeId}`);
    // Mini-programs ask for consent to the withdrawal messages first, in this tap, as WeChat requires.
    askConsent(() =>
      extract.mutate(
        { ...body, idempotencyKey },
        {
          onSuccess: (result) => {
            keys.settle();
            if (result.realNameRequired) {
              void offerRealNameAuth();
              return;
            }
            toast(t('withdraw.submitted'), 'success');
            void redirectTo('withdrawRecord');
          },
          // A refusal from the server is final; without an answer the same key goes out on the retry.
          onError: (error) => {
            if (error instanceof ApiError && error.code !== null) keys.settle();
          },
        },
      ),
    );
  };

  return (
    <View className="withdraw__form">
      <View className="withdraw__balance">
        <Text className="withdraw__balance-label">{t('withdraw.available')}</Text>
        <Text className="withdraw__balance-amount">{formatFen(account.availableFen)}</Text>
        {account.heldFen > 0 ? (
          <Text className="withdraw__balance-held">{t('withdraw.held', { amount: formatFen(account.heldFen) })}</Text>
        ) : null}
      </View>

      <View className="withdraw__card">
        <Text className="withdraw__card-title">{t('withdraw.channel.title')}</Text>
        {enabled.length > 0 ? (
          <ChannelPicker channels={enabled} selected={chosen} onSelect={setChosen} />
        ) : (
          <Text className="withdraw__muted">{t('withdraw.channel.none')}</Text>
        )}
        <View className="withdraw__payee" onClick={() => void navigateTo('withdrawInfo')}>
          <Text className="withdraw__payee-label">{t('withdraw.payee.label')}</Text>
          {payee ? (
            <Text className="withdraw__payee-value">{`${payee.name} ${payee.account}`}</Text>
          ) : (
            <Text className="withdraw__payee-add">{t('withdraw.payee.add')}</Text>
          )}
          <View className="withdraw__chevron" />
        </View>
      </View>

      <View className="withdraw__card">
        <Text className="withdraw__card-title">{t('withdraw.amount.title')}</Text>
        <View className="withdraw__amount-row">
          <Text className="withdraw__currency">¥</Text>
          <Input
            className="withdraw__amount-input"
            type="digit"
            value={amount}
            placeholder={t('withdraw.amount.placeholder')}
            placeholderClass="withdraw__placeholder"
            aria-label={t('withdraw.amount.title')}
            onInput={(event) => setAmount(amountInput(event.detail.value))}
          />
          <Text className="withdraw__all" onClick={fillAll}>
            {t('withdraw.all')}
          </Text>
        </View>
        <View className="withdraw__problem" aria-live="polite">
          {problem ? <Text>{problem}</Text> : null}
        </View>
        <FeePreview check={check?.ok ? check : null} />
      </View>

      <Button className="withdraw__submit" type="primary" shape="round" size="large" block loading={extract.isPending} onClick={submit}>
        {t('withdraw.submit')}
      </Button>
      <Text className="withdraw__note">{t('withdraw.note')}</Text>
    </View>
  );
}

/**
 * The fee, what leaves the balance and what arrives, for an amount that can be sent; "—" while it
 * cannot: an amount the balance or the channel refuses would arrive nowhere.
 */
function FeePreview({ check }: { check: { amountFen: number; feeFen: number; totalFen: number } | null }) {
  const t = useT();
  const rows = [
    { key: 'fee', label: t('withdraw.preview.fee'), value: check ? formatFen(check.feeFen) : '—' },
    { key: 'total', label: t('withdraw.preview.total'), value: check ? formatFen(check.totalFen) : '—' },
    { key: 'receive', label: t('withdraw.preview.receive'), value: check ? formatFen(check.amountFen) : '—' },
  ];
  return (
    <View className={check ? 'withdraw__preview' : 'withdraw__preview withdraw__preview--pending'}>
      {rows.map((row) => (
        <View key={row.key} className={`withdraw__preview-row withdraw__preview-row--${row.key}`}>
          <Text>{row.label}</Text>
          <Text className="withdraw__preview-value">{row.value}</Text>
        </View>
      ))}
    </View>
  );
}
