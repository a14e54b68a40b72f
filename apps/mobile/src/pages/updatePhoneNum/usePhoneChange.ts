import { Code, SMS_CODE_PATTERN } from '@maika/shared';
import { useState } from 'react';
import { ApiError } from '@/api/errors';
import { useModifyPhone, useModifyVoucher, useSendModifySms } from '@/api/queries/identity';
import { toast } from '@/feedback';
import { useResendCountdown } from '@/hooks/useResendCountdown';
import { useT, type MessageKey } from '@/i18n';
import { navigateBack } from '@/navigation';
import { cache } from '@/storage/cache';
import { codeInput, phoneInput, phoneProblem } from '../login/loginForm';

const codeProblem = (code: string): MessageKey | null => (SMS_CODE_PATTERN.test(code) ? null : 'login.error.code');

/**
 * The two steps of a phone change: a code sent to the current phone proves the owner and buys a
 * voucher; the voucher and a code sent to the new phone make the change. Everything typed is kept
 * here, so a refused step loses none of it.
 */
export function usePhoneChange(currentPhone: string) {
  const t = useT();
  const [currentCode, setCurrentCode] = useState('');
  const [voucher, setVoucher] = useState<string | null>(null);
  const [newPhone, setNewPhone] = useState('');
  const [newCode, setNewCode] = useState('');
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const [codeFocused, setCodeFocused] = useState(false);
  const currentCountdown = useResendCountdown(currentPhone, cache.lastModifySms);
  const newCountdown = useResendCountdown(newPhone, cache.lastModifySms);
  const sendSms = useSendModifySms();
  const verify = useModifyVoucher();
  const change = useModifyPhone();
  const step: 1 | 2 = voucher === null ? 1 : 2;
  const countdown = step === 1 ? currentCountdown : newCountdown;

  const onChangeRefused = (error: Error) => {
    // The server has said why; the user proves the current phone again, the new number stays typed.
    if (error instanceof ApiError && error.code === Code.ModifyVoucherInvalid) {
      setVoucher(null);
      setCurrentCode('');
      setProblem('phoneChange.error.voucher');
    }
  };

  const sendCode = () => {
    if (countdown.secondsLeft > 0 || sendSms.isPending) return;
    const phoneIssue = step === 2 ? phoneProblem(newPhone) : null;
    setProblem(phoneIssue);
    if (phoneIssue) return;
    const to = step === 1 ? currentPhone : newPhone;
    const onSuccess = () => {
      countdown.restart();
      setCodeFocused(true);
      toast(t('phoneChange.code.sent', { phone: to }));
    };
    const target = step === 2 && voucher !== null ? { phone: newPhone, voucher } : undefined;
    sendSms.mutate({ to: target, countdownKey: to }, { onSuccess, onError: onChangeRefused });
  };

  const verifyCurrent = () => {
    const issue = codeProblem(currentCode);
    setProblem(issue);
    if (issue || verify.isPending) return;
    verify.mutate(currentCode, {
      onSuccess: ({ voucher: granted }) => {
        setVoucher(granted);
        setCodeFocused(false);
      },
    });
  };

  const submitNewPhone = () => {
    const issue = phoneProblem(newPhone) ?? codeProblem(newCode);
    setProblem(issue);
    if (issue || change.isPending || voucher === null) return;
    const onSuccess = () => {
      toast(t('phoneChange.success'), 'success');
      void navigateBack('personInfo');
    };
    change.mutate({ voucher, phone: newPhone, code: newCode }, { onSuccess, onError: onChangeRefused });
  };

  return {
    step,
    problem,
    codeFocused,
    newPhone,
    code: step === 1 ? currentCode : newCode,
    secondsLeft: countdown.secondsLeft,
    sending: sendSms.isPending,
    submitting: step === 1 ? verify.isPending : change.isPending,
    typeNewPhone(typed: string) {
      setNewPhone(phoneInput(typed));
      setProblem(null);
    },
    typeCode(typed: string) {
      (step === 1 ? setCurrentCode : setNewCode)(codeInput(typed));
      setProblem(null);
    },
    sendCode,
    submit: step === 1 ? verifyCurrent : submitNewPhone,
  };
}
