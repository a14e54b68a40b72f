import { OtpRules } from '@maika/shared';
import { Input, Text, View } from '@tarojs/components';
import { useT } from '@/i18n';
import './index.scss';

interface PhoneFieldProps {
  value: string;
  /** What was typed or pasted, as it came: the form keeps the digits it wants. */
  onInput(typed: string): void;
  placeholder: string;
  label: string;
}

/** A mainland mobile number, after its +86. */
export function PhoneField({ value, onInput, placeholder, label }: PhoneFieldProps) {
  return (
    <View className="sms-field">
      <Text className="sms-field__prefix">+86</Text>
      <Input
        className="sms-field__input"
        type="number"
        maxlength={11}
        value={value}
        placeholder={placeholder}
        placeholderClass="sms-field__placeholder"
        aria-label={label}
        onInput={(event) => onInput(event.detail.value)}
      />
    </View>
  );
}

interface SmsCodeFieldProps {
  value: string;
  /** What was typed or pasted, as it came: the form keeps the digits it wants. */
  onInput(typed: string): void;
  /** Seconds until another code may be sent; 0 when one may be sent now. */
  secondsLeft: number;
  sending: boolean;
  onSend(): void;
  focus?: boolean;
  onBlur?(): void;
}

/** The code a text message brought, with the button that sends one and its countdown. */
export function SmsCodeField({ value, onInput, secondsLeft, sending, onSend, focus = false, onBlur }: SmsCodeFieldProps) {
  const t = useT();
  const waiting = secondsLeft > 0 || sending;
  return (
    <View className="sms-field">
      <Input
        className="sms-field__input"
        type="number"
        maxlength={OtpRules.length}
        value={value}
        focus={focus}
        placeholder={t('login.code.placeholder')}
        placeholderClass="sms-field__placeholder"
        aria-label={t('login.code.label')}
        onBlur={onBlur}
        onInput={(event) => onInput(event.detail.value)}
      />
      <Text className={waiting ? 'sms-field__send sms-field__send--waiting' : 'sms-field__send'} onClick={onSend}>
        {secondsLeft > 0 ? t('login.code.countdown', { seconds: secondsLeft }) : t('login.code.send')}
      </Text>
    </View>
  );
}
