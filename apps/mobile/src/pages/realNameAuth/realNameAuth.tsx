import { normalizeRealName } from '@maika/shared';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Input, Text, View } from '@tarojs/components';
import { useState } from 'react';
import { useFaceCertifyResult, useLatestFaceCertify, useStartFaceCertify } from '@/api/queries/identity';
import { useUserInfo } from '@/api/queries/user';
import { usePageShown } from '@/hooks/usePageShown';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useLocale, useT } from '@/i18n';
import { navigateBack, redirectTo } from '@/navigation';
import { CertifyOutcome, VerifiedIdentity } from '../realNameCode/CertifyOutcome';
import { openFaceScanInAlipay } from './faceScan';
import { LoginFirst } from './LoginFirst';
import { ID_NUMBER_LENGTH, idNumberInput, idNumberProblem, realNameProblem } from './realNameForm';
import './realNameAuth.scss';

/** Why the app asks, said before the user types anything. */
function Reasons() {
  const t = useT();
  return (
    <View className="real-name-auth__intro">
      <Text className="real-name-auth__heading">{t('realName.heading')}</Text>
      <Text className="real-name-auth__reason real-name-auth__reason--withdraw">{t('realName.why.withdraw')}</Text>
      <Text className="real-name-auth__reason real-name-auth__reason--secure">{t('realName.why.secure')}</Text>
    </View>
  );
}

/** The name and ID number, checked as they are typed; submitting starts the face verification. */
function RealNameForm({ onStarted }: { onStarted(certifyId: string, certifyUrl: string): void }) {
  const t = useT();
  const locale = useLocale();
  const start = useStartFaceCertify();
  const [name, setName] = useState('');
  const [idNum, setIdNum] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const nameIssue = submitted ? realNameProblem(name) : null;
  const idIssue = idNumberProblem(idNum, locale, submitted);

  const submit = () => {
    if (start.isPending) return;
    setSubmitted(true);
    if (realNameProblem(name) || idNumberProblem(idNum, locale, true)) return;
    start.mutate({ name: normalizeRealName(name), idNum }, { onSuccess: ({ certifyId, certifyUrl }) => onStarted(certifyId, certifyUrl) });
  };

  return (
    <View className="real-name-auth__card">
      <Reasons />
      <View className="real-name-auth__field">
        <Text className="real-name-auth__label">{t('realName.name')}</Text>
        <Input
          className="real-name-auth__input"
          value={name}
          maxlength={30}
          placeholder={t('realName.name.placeholder')}
          placeholderClass="real-name-auth__placeholder"
          aria-label={t('realName.name')}
          onInput={(event) => setName(event.detail.value)}
        />
      </View>
      <View className="real-name-auth__problem" aria-live="polite">
        {nameIssue ? <Text>{t(nameIssue)}</Text> : null}
      </View>
      <View className="real-name-auth__field">
        <Text className="real-name-auth__label">{t('realName.idNum')}</Text>
        <Input
          className="real-name-auth__input"
          type="idcard"
          value={idNum}
          maxlength={ID_NUMBER_LENGTH}
          placeholder={t('realName.idNum.placeholder')}
          placeholderClass="real-name-auth__placeholder"
          aria-label={t('realName.idNum')}
          onInput={(event) => setIdNum(idNumberInput(event.detail.value))}
        />
      </View>
      <View className="real-name-auth__problem" aria-live="polite">
        {idIssue ? <Text>{idIssue}</Text> : null}
      </View>
      <Button className="real-name-auth__submit" type="primary" block loading={start.isPending} onClick={submit}>
        {t('realName.submit')}
      </Button>
      <Text className="real-name-auth__consent">{t('realName.consent')}</Text>
    </View>
  );
}

/** A verification opened in the Alipay app: its result, asked for whenever this page shows again. */
function AlipayScan({ certifyId, onRetry }: { certifyId: string; onRetry(): void }) {
  const t = useT();
  const result = useFaceCertifyResult(certifyId, usePageShown());
  if (result.data && result.data.status !== 'pending') {
    return (
      <CertifyOutcome
        result={result.data}
        onAddPayee={() => void redirectTo('withdrawInfo')}
        onLater={() => void navigateBack('person')}
        onRetry={onRetry}
      />
    );
  }
  return (
    <View className="real-name-auth__card real-name-auth__pending">
      <View className="certify-outcome__badge certify-outcome__badge--pending" />
      <Text className="real-name-auth__heading">{t('realName.pending.title')}</Text>
      <Text className="real-name-auth__reason">{t('realName.pending.body')}</Text>
      <Text className="real-name-auth__retry" onClick={onRetry}>
        {t('realName.retry')}
      </Text>
    </View>
  );
}

/** A verification started earlier and not settled: carry on with it, or fill the form in again. */
function PendingVerification({ onContinue, onRestart }: { onContinue(): void; onRestart(): void }) {
  const t = useT();
  return (
    <View className="real-name-auth__card real-name-auth__pending">
      <View className="certify-outcome__badge certify-outcome__badge--pending" />
      <Text className="real-name-auth__heading">{t('realName.pending.title')}</Text>
      <Text className="real-name-auth__reason">{t('realName.resume.body')}</Text>
      <Button className="real-name-auth__submit" type="primary" block onClick={onContinue}>
        {t('realName.resume.continue')}
      </Button>
      <Text className="real-name-auth__retry" onClick={onRestart}>
        {t('realName.resume.restart')}
      </Text>
    </View>
  );
}

export default function RealNameAuth() {
  usePageTitle('realNameAuth');
  const t = useT();
  const userinfo = useUserInfo();
  const [alipayCertifyId, setAlipayCertifyId] = useState<string | null>(null);
  const [startOver, setStartOver] = useState(false);
  const unverified = userinfo !== null && !userinfo.realInfo.verified;
  // Re-opened while a verification is still open: that one is shown, not an empty form.
  const latest = useLatestFaceCertify(unverified && !startOver && alipayCertifyId === null);
  const pending = latest.data?.status === 'pending' ? latest.data : null;

  const started = async (certifyId: string, certifyUrl: string) => {
    if (await openFaceScanInAlipay(certifyUrl)) setAlipayCertifyId(certifyId);
    // The code page replaces this one, so its back button returns to where the user came from.
    else void redirectTo('realNameCode', { certifyId });
  };

  let content;
  if (!userinfo) content = <LoginFirst body={t('realName.loginFirst')} />;
  else if (alipayCertifyId) content = <AlipayScan certifyId={alipayCertifyId} onRetry={() => setAlipayCertifyId(null)} />;
  else if (userinfo.realInfo.verified) {
    content = (
      <View className="real-name-auth__card">
        <VerifiedIdentity realInfo={userinfo.realInfo} title={t('realName.verified.title')} />
        <Text className="real-name-auth__note">{t('realName.verified.note')}</Text>
      </View>
    );
  } else if (pending && !startOver) {
    content = (
      <PendingVerification onContinue={() => void started(pending.certifyId, pending.certifyUrl)} onRestart={() => setStartOver(true)} />
    );
  } else if (latest.isLoading && !startOver) {
    content = <View className="real-name-auth__card" />;
  } else content = <RealNameForm onStarted={(certifyId, certifyUrl) => void started(certifyId, certifyUrl)} />;
  return <View className="real-name-auth">{content}</View>;
}
