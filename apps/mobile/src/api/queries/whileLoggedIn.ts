/**
 * `enabled` for a query of the logged-in user's own data, on a page a visitor sees too (the tabs).
 */
import { useAuthStore } from '@/stores/auth';

/**
 * True while a user is logged in, both in the render that set the query's options and at the moment
 * the query would be asked. The second half matters on H5: Preact runs a render's effects after the
 * next paint, so an effect left from a render before a logout can hand its query the old options
 * after the logout removed the user's queries. That re-creates the query and asks the server for a
 * user who is gone: a 995, whose toast and login prompt cover the "logged out" one.
 */
export function whileLoggedIn(loggedInAtRender: boolean): () => boolean {
  return () => loggedInAtRender && useAuthStore.getState().isLogin;
}

/** `whileLoggedIn` for the component's own render: it renders again on a login or a logout. */
export function useWhileLoggedIn(): () => boolean {
  return whileLoggedIn(useAuthStore((state) => state.isLogin));
}
