import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Input, Text, View } from '@tarojs/components';
import { useState } from 'react';
import { useSaveNotifyUrl } from '@/api/queries/merchants';
import { confirm, toast } from '@/feedback';
import { useT } from '@/i18n';
import { notifyUrlProblem, type FormProblem } from './merchantForm';

/**
 * Where callbacks go for orders that name no address of their own. The server checks where the
 * address leads when it is saved; its refusal stays under the field until the address is changed.
 */
export function NotifyUrlSection({ saved }: { saved: string | null }) {
  const t = useT();
  const [typed, setTyped] = useState(saved ?? '');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveNotifyUrl();

  const submit = async () => {
    if (save.isPending) return;
    if (typed.trim() === (saved ?? '')) {
      toast(t('merchant.notify.unchanged'));
      return;
    }
    const found = notifyUrlProblem(typed);
    setProblem(found);
    if (found) return;
    const url = typed.trim();
    if (url === '') {
      const confirmed = await confirm({
        title: t('merchant.notify.remove.title'),
        content: t('merchant.notify.remove.content'),
        confirmText: t('merchant.notify.remove.confirm'),
        cancelText: t('common.cancel'),
        destructive: true,
      });
      if (!confirmed) return;
    }
    save.mutate(url === '' ? null : url, {
      onSuccess: (answer) => {
        setTyped(answer.notifyUrl ?? '');
        setRefusal(null);
        toast(answer.notifyUrl ? t('merchant.notify.saved') : t('merchant.notify.removed'), 'success');
      },
      onError: (error) => setRefusal(error.message),
    });
  };

  return (
    <View className="merchant__card merchant__notify">
      <Text className="merchant__section-title">{t('merchant.notify.title')}</Text>
      <Text className="merchant__section-hint merchant__section-hint--block">{t('merchant.notify.hint')}</Text>
      <View className={problem || refusal ? 'merchant__field merchant__field--problem' : 'merchant__field'}>
        <Input
          className="merchant__input merchant__input--url"
          type="text"
          value={typed}
          placeholder={t('merchant.notify.placeholder')}
          placeholderClass="merchant__placeholder"
          aria-label={t('merchant.notify.title')}
          onInput={(event) => {
            setTyped(event.detail.value);
            setProblem(null);
            setRefusal(null);
          }}
        />
        {problem || refusal ? (
          <Text className="merchant__problem merchant__notify-problem" aria-live="polite">
            {problem ? t(problem.key, problem.params) : refusal}
          </Text>
        ) : null}
      </View>
      <Button className="merchant__notify-save" type="primary" shape="round" block loading={save.isPending} onClick={() => void submit()}>
        {t('common.save')}
      </Button>
    </View>
  );
}
