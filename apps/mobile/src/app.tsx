import { QueryClientProvider } from '@tanstack/react-query';
import { useLaunch } from '@tarojs/taro';
import { useEffect, useRef, type PropsWithChildren } from 'react';
import { queryClient } from '@/api/queryClient';
import { logInAtLaunch } from '@/auth/miniProgramLogin';
import { followReferralOnShow, launchReferralCode } from '@/auth/referral';
import { useLocale } from '@/i18n';
import { startEarlyRequests } from '@/platform/earlyRequests';
import { useAuthStore } from '@/stores/auth';
import './app.scss';

// While the entry runs, before the router has fetched and drawn the page (H5; nothing on the minis).
startEarlyRequests(queryClient);

function App({ children }: PropsWithChildren) {
  const locale = useLocale();
  useLaunch(() => {
    // A launch without p keeps the code an earlier launch brought.
    const referralCode = launchReferralCode();
    if (referralCode) useAuthStore.getState().setCodeP(referralCode);
    // Mini-programs log in with the platform account; a failure leaves the SMS login on offer.
    if (process.env.TARO_ENV !== 'h5') {
      void logInAtLaunch()
        .then(async (outcome) => {
          // Pages cached while anonymous now answer differently.
          if (outcome === 'loggedIn') await queryClient.invalidateQueries();
        })
        .catch(() => undefined);
    }
  });
  // A share card opened while the mini-program runs in the background shows it without a launch.
  useEffect(() => followReferralOnShow((code) => useAuthStore.getState().setCodeP(code)), []);
  useEffect(() => {
    // Screen readers and the browser's translate offer go by the document language.
    if (process.env.TARO_ENV === 'h5') document.documentElement.lang = locale;
  }, [locale]);
  const answeredIn = useRef(locale);
  useEffect(() => {
    // The server answers content in the request's language: what is cached was said in the other one.
    if (answeredIn.current === locale) return;
    answeredIn.current = locale;
    void queryClient.invalidateQueries();
  }, [locale]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export default App;
