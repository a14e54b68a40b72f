import { MERCHANT_CONTACT_MAX, MERCHANT_NAME_MAX } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Input, Text, View } from '@tarojs/components';
import { useState, type ReactNode } from 'react';
import { useApplyMerchant } from '@/api/queries/merchants';
import { toast } from '@/feedback';
import { useT } from '@/i18n';
import { applyProblems, applyRequest, emptyApplyDraft, volumeInput, type FormProblem, type MerchantApplyDraft } from './merchantForm';

/**
 * The application: who the merchant is, how to reach it, and how many cards it expects to sell a
 * month. After a refusal it starts from the refused application, to be corrected and sent again.
 */
export function ApplyForm({ refused }: { refused?: MerchantApplyDraft }) {
  const t = useT();
  const [draft, setDraft] = useState<MerchantApplyDraft>(refused ?? emptyApplyDraft);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const apply = useApplyMerchant();

  const change = (patch: Partial<MerchantApplyDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A field's message goes once it is changed; the others stay until the next try.
    setProblems((current) => current.filter((problem) => !(problem.field in patch)));
  };
  const problemOf = (field: FormProblem['field']) => problems.find((problem) => problem.field === field);

  const submit = () => {
    const found = applyProblems(draft);
    setProblems(found);
    if (found.length > 0 || apply.isPending) return;
    // A refusal comes back as the server's message, shown by the request layer; the form keeps what was typed.
    apply.mutate(applyRequest(draft), { onSuccess: () => toast(t('merchant.apply.sent'), 'success') });
  };

  return (
    <View className="merchant__apply">
      {refused ? (
        <Text className="merchant__again">{t('merchant.apply.again')}</Text>
      ) : (
        <View className="merchant__intro">
          <Text className="merchant__intro-title">{t('merchant.intro.title')}</Text>
          <Text className="merchant__intro-body">{t('merchant.intro.body')}</Text>
        </View>
      )}
      <View className="merchant__card">
        <Field label={t('merchant.apply.name.label')} problem={problemOf('name')}>
          <Input
            className="merchant__input"
            value={draft.name}
            maxlength={MERCHANT_NAME_MAX + 10}
            placeholder={t('merchant.apply.name.placeholder')}
            placeholderClass="merchant__placeholder"
            aria-label={t('merchant.apply.name.label')}
            onInput={(event) => change({ name: event.detail.value })}
          />
        </Field>
        <Field label={t('merchant.apply.contact.label')} problem={problemOf('contact')}>
          <Input
            className="merchant__input"
            value={draft.contact}
            maxlength={MERCHANT_CONTACT_MAX + 10}
            placeholder={t('merchant.apply.contact.placeholder')}
            placeholderClass="merchant__placeholder"
            aria-label={t('merchant.apply.contact.label')}
            onInput={(event) => change({ contact: event.detail.value })}
          />
        </Field>
        <Field label={t('merchant.apply.volume.label')} problem={problemOf('monthlyVolume')}>
          <Input
            className="merchant__input"
            type="number"
            value={draft.monthlyVolume}
            placeholder={t('merchant.apply.volume.placeholder')}
            placeholderClass="merchant__placeholder"
            aria-label={t('merchant.apply.volume.label')}
            onInput={(event) => change({ monthlyVolume: volumeInput(event.detail.value) })}
          />
        </Field>
        <Text className="merchant__note">{t('merchant.apply.note')}</Text>
      </View>
      <Button className="merchant__submit" type="primary" shape="round" block loading={apply.isPending} onClick={submit}>
        {refused ? t('merchant.apply.submitAgain') : t('merchant.apply.submit')}
      </Button>
    </View>
  );
}

function Field({ label, problem, children }: { label: string; problem: FormProblem | undefined; children: ReactNode }) {
  const t = useT();
  return (
    <View className={problem ? 'merchant__field merchant__field--problem' : 'merchant__field'}>
      <Text className="merchant__label">{label}</Text>
      {children}
      {problem ? (
        <Text className="merchant__problem" aria-live="polite">
          {t(problem.key, problem.params)}
        </Text>
      ) : null}
    </View>
  );
}
