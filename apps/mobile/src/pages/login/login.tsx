import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { useSendLoginSms, useSmsLogin } from '@/api/queries/user';
import { PhoneField, SmsCodeField } from '@/components/SmsFields';
import { toast } from '@/feedback';
import { usePageTitle } from '@/hooks/usePageTitle';
import { phoneAwaitingCode, useResendCountdown } from '@/hooks/useResendCountdown';
import { useT, type MessageKey } from '@/i18n';
import { navigateBack, navigateTo } from '@/navigation';
import { codeInput, loginProblem, phoneInput, phoneProblem } from './loginForm';
import './login.scss';
import { ariaState } from '@/a11y';

export default function Login() {
  usePageTitle('login');
  const t = useT();
  // A reload during the countdown keeps the number the code went to.
  const [phone, setPhone] = useState(phoneAwaitingCode);
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const [codeFocused, setCodeFocused] = useState(false);
  const countdown = useResendCountdown(phone);
  const sendSms = useSendLoginSms();
  const login = useSmsLogin();

  const requestCode = () => {
    if (countdown.secondsLeft > 0 || sendSms.isPending) return;
    const phoneIssue = phoneProblem(phone);
    setProblem(phoneIssue);
    if (phoneIssue) return;
    sendSms.mutate(phone, {
      onSuccess: () => {
        countdown.restart();
        setCodeFocused(true);
        toast(t('login.code.sent'));
      },
    });
  };

  const submit = () => {
    if (login.isPending) return;
    const formIssue = loginProblem({ phone, code, agreed });
    setProblem(formIssue);
    if (formIssue) return;
    login.mutate(
      { phone, code },
      {
        onSuccess: () => {
          toast(t('login.success'), 'success');
          // Back to the page that asked for the login; opened directly, the person tab.
          void navigateBack('person');
        },
      },
    );
  };

  return (
    <View className="login">
      <View className="login__intro">
        <Text className="login__heading">{t('login.heading')}</Text>
        <Text className="login__subheading">{t('login.subheading')}</Text>
      </View>

      <View className="login__form">
        <PhoneField
          value={phone}
          onInput={(typed) => {
            setPhone(phoneInput(typed));
            setProblem(null);
          }}
          placeholder={t('login.phone.placeholder')}
          label={t('login.phone.label')}
        />
        <SmsCodeField
          value={code}
          onInput={(typed) => {
            setCode(codeInput(typed));
            setProblem(null);
          }}
          secondsLeft={countdown.secondsLeft}
          sending={sendSms.isPending}
          onSend={requestCode}
          focus={codeFocused}
          onBlur={() => setCodeFocused(false)}
        />

        <View className="login__problem" aria-live="polite">
          {problem ? <Text>{t(problem)}</Text> : null}
        </View>

        <Button className="login__submit" type="primary" shape="round" size="large" block loading={login.isPending} onClick={submit}>
          {t('login.submit')}
        </Button>

        <View className="login__agreement">
          <View
            className={agreed ? 'login__check login__check--on' : 'login__check'}
            role="checkbox"
            aria-checked={ariaState(agreed)}
            onClick={() => {
              setAgreed(!agreed);
              setProblem(null);
            }}
          />
          <Text className="login__agreement-text">
            <Text onClick={() => setAgreed(!agreed)}>{t('login.agreement.prefix')} </Text>
            <Text className="login__link" onClick={() => void navigateTo('serviceProtocol')}>
              {t('login.agreement.service')}
            </Text>
            <Text> {t('login.agreement.and')} </Text>
            <Text className="login__link" onClick={() => void navigateTo('secrecyProtocol')}>
              {t('login.agreement.privacy')}
            </Text>
          </Text>
        </View>
      </View>
    </View>
  );
}
