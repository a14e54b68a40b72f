import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type PropsWithChildren } from 'react';
import { useLocale } from '@/i18n';
import './app.scss';

/** Server data for every page; one client so pages share the cache. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});

function App({ children }: PropsWithChildren) {
  const locale = useLocale();
  useEffect(() => {
    // Screen readers and the browser's translate offer go by the document language.
    if (process.env.TARO_ENV === 'h5') document.documentElement.lang = locale;
  }, [locale]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export default App;
