/**
 * A user query's options handed over late, after a logout (as Preact runs a render's effects after
 * the next paint): the query the logout removed is re-created, and asked only if a user is logged in.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDevice } from '@/testing/fakeTaro';
import { ann } from '@/testing/users';
import { useAuthStore } from '@/stores/auth';
import { queryKeys } from '../queryKeys';
import { whileLoggedIn } from './whileLoggedIn';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

let client: QueryClient;
const unsubscribes: (() => void)[] = [];

beforeEach(() => {
  resetDevice();
  useAuthStore.setState({ isLogin: false, isLogout: false, isUserCancel: false, certifyUrl: '', codeP: '' });
  client = new QueryClient();
});

afterEach(() => {
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
  client.clear();
});

/** A page observing the user's info with the options of its render, and how often the server was asked. */
function observedUserInfo(enabled: boolean | (() => boolean)) {
  const ask = vi.fn(() => Promise.resolve(ann));
  const rendered = { queryKey: queryKeys.user.info(), queryFn: ask, enabled, retry: false };
  const observer = new QueryObserver(client, rendered);
  unsubscribes.push(observer.subscribe(() => undefined));
  return { ask, observer, rendered };
}

/** The logout of useLogOut: the login goes, then the user's cached answers. */
function logOut(): void {
  useAuthStore.getState().loggedOut();
  client.removeQueries({ queryKey: queryKeys.user.all });
}

/** Lets a fetch the observer may have started begin and end. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a user query whose options arrive after the logout', () => {
  it('asks the server again when its options only say "logged in" (what the logout prompt came from)', async () => {
    useAuthStore.getState().loggedIn('token-1', ann);
    const { ask, observer, rendered } = observedUserInfo(true);
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(1));

    logOut();
    observer.setOptions(rendered);
    await settled();
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('does not ask for a user who logged out, with the options of a render from before the logout', async () => {
    useAuthStore.getState().loggedIn('token-1', ann);
    const { ask, observer, rendered } = observedUserInfo(whileLoggedIn(true));
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(1));

    logOut();
    observer.setOptions(rendered);
    await settled();
    expect(ask).toHaveBeenCalledTimes(1);
    // Nor when something later marks the user's data as outdated.
    await client.invalidateQueries({ queryKey: queryKeys.user.all });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks again at the next login, once the page renders logged in', async () => {
    const { ask, observer, rendered } = observedUserInfo(whileLoggedIn(false));
    await settled();
    expect(ask).not.toHaveBeenCalled();

    useAuthStore.getState().loggedIn('token-2', ann);
    observer.setOptions({ ...rendered, enabled: whileLoggedIn(true) });
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
  });
});
