import { PayeeChannel } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Input, Picker, Text, View } from '@tarojs/components';
import { useState, type ReactNode } from 'react';
import type { OpenBank, Payee } from '@/api/endpoints/withdrawals';
import { useSavePayee } from '@/api/queries/withdrawals';
import { toast } from '@/feedback';
import { useT, type MessageKey } from '@/i18n';
import { accountTexts, cardNumberInput, payeeProblem, savePayeeRequest, typesAccount, type PayeeDraft } from './payeeForm';

interface PayeeFormProps {
  channel: PayeeChannel;
  /** The payee being changed; a new one when absent. */
  editing: Payee | null;
  banks: readonly OpenBank[];
  onDone(): void;
  /** The server wants a verified real name first (333). */
  onRealNameRequired(): void;
}

/** Adds or changes the payee of one channel. Saved accounts come back masked, so a change types the account anew. */
export function PayeeForm({ channel, editing, banks, onDone, onRealNameRequired }: PayeeFormProps) {
  const t = useT();
  const bank = channel === PayeeChannel.Bank;
  const [draft, setDraft] = useState<PayeeDraft>({
    channel,
    account: '',
    bankCode: editing?.bankCode ?? '',
    branch: editing?.branch ?? '',
  });
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const save = useSavePayee();
  const change = (patch: Partial<PayeeDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const bankIndex = banks.findIndex((candidate) => candidate.code === draft.bankCode);

  const submit = () => {
    if (save.isPending) return;
    const issue = payeeProblem(draft);
    setProblem(issue);
    if (issue) return;
    save.mutate(savePayeeRequest(draft, editing?.id), {
      onSuccess: (result) => {
        if (result.realNameRequired) {
          onRealNameRequired();
          return;
        }
        toast(t('withdrawInfo.saved'), 'success');
        onDone();
      },
    });
  };

  return (
    <View className="payee-form">
      {typesAccount(channel) ? (
        <Field label={t(accountTexts(channel).label)}>
          <Input
            className="payee-form__input"
            type={bank ? 'number' : 'text'}
            value={draft.account}
            placeholder={t(accountTexts(channel).placeholder)}
            placeholderClass="payee-form__placeholder"
            aria-label={t(accountTexts(channel).label)}
            onInput={(event) => change({ account: bank ? cardNumberInput(event.detail.value) : event.detail.value })}
          />
        </Field>
      ) : (
        <Text className="payee-form__note">{t('withdrawInfo.wechat.linked')}</Text>
      )}
      {bank ? (
        <>
          <Field label={t('withdrawInfo.bankName.label')}>
            <Picker
              className="payee-form__picker"
              mode="selector"
              range={banks.map((candidate) => candidate.name)}
              value={Math.max(bankIndex, 0)}
              onChange={(event) => change({ bankCode: banks[Number(event.detail.value)]?.code ?? '' })}
            >
              <Text className={bankIndex >= 0 ? 'payee-form__choice' : 'payee-form__choice payee-form__choice--empty'}>
                {bankIndex >= 0 ? banks[bankIndex]!.name : t('withdrawInfo.bankName.placeholder')}
              </Text>
            </Picker>
          </Field>
          <Field label={t('withdrawInfo.branch.label')}>
            <Input
              className="payee-form__input"
              value={draft.branch}
              placeholder={t('withdrawInfo.branch.placeholder')}
              placeholderClass="payee-form__placeholder"
              aria-label={t('withdrawInfo.branch.label')}
              onInput={(event) => change({ branch: event.detail.value })}
            />
          </Field>
        </>
      ) : null}
      <View className="payee-form__problem" aria-live="polite">
        {problem ? <Text>{t(problem)}</Text> : null}
      </View>
      <View className="payee-form__actions">
        {editing ? (
          <Button className="payee-form__cancel" shape="round" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button className="payee-form__save" type="primary" shape="round" loading={save.isPending} onClick={submit}>
          {t('common.save')}
        </Button>
      </View>
    </View>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View className="payee-form__field">
      <Text className="payee-form__label">{label}</Text>
      {children}
    </View>
  );
}
