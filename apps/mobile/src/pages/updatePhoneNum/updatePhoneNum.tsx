import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import { useUserInfo } from '@/api/queries/user';
import { PhoneField, SmsCodeField } from '@/components/SmsFields';
import { usePageTitle } from '@/hooks/usePageTitle';
import { addPageMessages, useT, type MessageKey } from '@/i18n';
import { phoneChangeMessages } from '@/i18n/locales/pages/phoneChange';
import { LoginFirst } from '../realNameAuth/LoginFirst';
import { usePhoneChange } from './usePhoneChange';
import './updatePhoneNum.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/phoneChange.ts).
addPageMessages(phoneChangeMessages);

function Steps({ step }: { step: 1 | 2 }) {
  const t = useT();
  const item = (index: 1 | 2, label: MessageKey) => (
    <View className={step >= index ? 'phone-change__step phone-change__step--on' : 'phone-change__step'}>
      <Text className="phone-change__step-index">{step > index ? '✓' : index}</Text>
      <Text className="phone-change__step-label">{t(label)}</Text>
    </View>
  );
  return (
    <View className="phone-change__steps">
      {item(1, 'phoneChange.step1')}
      <View className="phone-change__step-line" />
      {item(2, 'phoneChange.step2')}
    </View>
  );
}

/** updatePhoneNum (docs/product.md "Pages and routes"): the phone change, step by step. */
export default function UpdatePhoneNum() {
  usePageTitle('updatePhoneNum');
  const t = useT();
  const userinfo = useUserInfo();
  const currentPhone = userinfo?.phone ?? '';
  const form = usePhoneChange(currentPhone);
  if (!userinfo) {
    return (
      <View className="phone-change">
        <LoginFirst body={t('phoneChange.loginFirst')} />
      </View>
    );
  }
  const first = form.step === 1;
  return (
    <View className="phone-change">
      <Steps step={form.step} />
      <View className="phone-change__card">
        <Text className="phone-change__heading">{t(first ? 'phoneChange.current.heading' : 'phoneChange.new.heading')}</Text>
        <Text className="phone-change__body">{t(first ? 'phoneChange.current.body' : 'phoneChange.new.body')}</Text>
        {first ? (
          <View className="sms-field">
            <Text className="phone-change__label">{t('phoneChange.current.label')}</Text>
            <Text className="phone-change__current">{currentPhone}</Text>
          </View>
        ) : (
          <PhoneField
            value={form.newPhone}
            onInput={form.typeNewPhone}
            placeholder={t('phoneChange.new.placeholder')}
            label={t('phoneChange.new.label')}
          />
        )}
        <SmsCodeField
          value={form.code}
          onInput={form.typeCode}
          secondsLeft={form.secondsLeft}
          sending={form.sending}
          onSend={form.sendCode}
          focus={form.codeFocused}
        />
        <View className="phone-change__problem" aria-live="polite">
          {form.problem ? <Text>{t(form.problem)}</Text> : null}
        </View>
        <Button className="phone-change__submit" type="primary" block loading={form.submitting} onClick={form.submit}>
          {t(first ? 'phoneChange.next' : 'phoneChange.submit')}
        </Button>
      </View>
    </View>
  );
}
