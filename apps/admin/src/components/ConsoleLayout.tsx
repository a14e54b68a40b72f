import { ErrorComponent, ThemedLayout, ThemedSider, ThemedTitle, type RefineThemedLayoutSiderProps } from '@refinedev/antd';
import { CanAccess } from '@refinedev/core';
import { Suspense, cloneElement, isValidElement, type ReactElement } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { BrandIcon } from './BrandIcon';
import { Forbidden } from './Forbidden';
import { PageLoading } from './PageLoading';

/**
 * The side menu, as tall as the window whatever the page's length: its entries scroll inside it,
 * and logout stays in view at its foot (styles.css), however many groups are open.
 */
function ConsoleSider(props: RefineThemedLayoutSiderProps) {
  return (
    <ThemedSider
      {...props}
      fixed
      render={({ items, logout }) => (
        <>
          {items}
          {isValidElement(logout) && cloneElement(logout as ReactElement<{ className?: string }>, { className: 'console-sider-logout' })}
        </>
      )}
    />
  );
}

/**
 * The signed-in frame: side menu, header, and the page of the route, which loads on its own
 * (pageRoutes.tsx) while the frame stays. Loaded after sign-in, so the login page does not carry it.
 */
export function ConsoleLayout({ title }: { title: string }) {
  return (
    <ThemedLayout Header={AppHeader} Sider={ConsoleSider} Title={(props) => <ThemedTitle {...props} text={title} icon={<BrandIcon />} />}>
      <CanAccess fallback={<Forbidden />}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </CanAccess>
    </ThemedLayout>
  );
}

/** The page for a route that is not there, in the same chunk as the frame around it. */
export const NotFound = ErrorComponent;
