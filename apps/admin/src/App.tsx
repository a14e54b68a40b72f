import type { Locale } from '@maika/shared';
import { Authenticated, Refine, useGetIdentity } from '@refinedev/core';
import routerProvider, {
  CatchAllNavigate,
  DocumentTitleHandler,
  NavigateToResource,
  UnsavedChangesNotifier,
} from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUSAntd from 'antd/es/locale/en_US';
import zhCNAntd from 'antd/es/locale/zh_CN';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { HashRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { BrandIcon } from './components/BrandIcon';
import { PageLoading } from './components/PageLoading';
import { initialLocale, makeI18nProvider, translate } from './i18n';
import { lazyPage, pageRoutes } from './pageRoutes';
import { LoginPage } from './pages/login';
import { accessControlProvider } from './providers/accessControl';
import { authProvider, TWO_FACTOR_PATH, type AdminIdentity } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { useNotificationProvider } from './providers/notificationProvider';
import { resources } from './resources';
import { theme } from './theme';

const ConsoleLayout = lazy(() => import('./components/ConsoleLayout').then((module) => ({ default: module.ConsoleLayout })));

/** A session that must turn on two-factor login sees only the two-factor page (the server refuses the rest). */
function EnrolmentGate({ children }: { children: ReactNode }) {
  const { data: me } = useGetIdentity<AdminIdentity>();
  if (me?.enrolmentRequired) return <Navigate to={TWO_FACTOR_PATH} replace />;
  return <>{children}</>;
}

/**
 * The console: refine over the admin API, hash routes under /admin/ (the server serves one
 * index.html there, so every deep link works without a server fallback).
 */
export function App() {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const i18nProvider = useMemo(() => makeI18nProvider(locale, setLocale), [locale]);
  const title = translate('app.title', undefined, undefined, locale);

  return (
    <HashRouter>
      <ConfigProvider locale={locale === 'zh-CN' ? zhCNAntd : enUSAntd} theme={theme}>
        <AntdApp>
          <Refine
            key={locale}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              title: { text: title, icon: <BrandIcon /> },
            }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                    <EnrolmentGate>
                      <Suspense fallback={<PageLoading />}>
                        <ConsoleLayout title={title} />
                      </Suspense>
                    </EnrolmentGate>
                  </Authenticated>
                }
              >
                {pageRoutes}
                <Route path="*" element={lazyPage(() => import('./components/ConsoleLayout'), 'NotFound')} />
              </Route>
              <Route
                path={TWO_FACTOR_PATH}
                element={
                  <Authenticated key="twoFactor" fallback={<CatchAllNavigate to="/login" />}>
                    <Suspense fallback={<PageLoading />}>{lazyPage(() => import('./pages/twoFactor'), 'TwoFactorPage')}</Suspense>
                  </Authenticated>
                }
              />
              {/* A set-up link is opened by someone without a session: the operator choosing a password. */}
              <Route
                path="/setup/:code"
                element={<Suspense fallback={<PageLoading />}>{lazyPage(() => import('./pages/setup'), 'SetupPage')}</Suspense>}
              />
              <Route
                element={
                  <Authenticated key="login" fallback={<Outlet />}>
                    <NavigateToResource resource="dashboard" />
                  </Authenticated>
                }
              >
                <Route path="/login" element={<LoginPage />} />
              </Route>
            </Routes>
            <UnsavedChangesNotifier />
            <DocumentTitleHandler
              handler={({ resource }) => `${resource?.name ? translate(`resources.${resource.name}`) + ' · ' : ''}${title}`}
            />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </HashRouter>
  );
}
