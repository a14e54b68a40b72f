/** The app's endpoints as the API contract declares them: method, path, fixed query and token. */
import { accountCalls, uploadCalls } from '@maika/shared';
import { describe, expect, it, vi } from 'vitest';
import { anonymousTokenEndpoint } from './client';
import { endpointOf } from './endpoint';

vi.mock('@tarojs/taro', async () => (await import('@/testing/fakeTaro')).taroModule());

describe('endpoints from the contract', () => {
  it('sends the token the app has on the calls whose token is optional', async () => {
    const { authEndpoints } = await import('./endpoints/auth');
    for (const call of [accountCalls.getLoginSms, accountCalls.smsLogin, accountCalls.logOut]) expect(call.auth).toBe('optional');
    expect(authEndpoints.sendLoginSms).toEqual({ method: 'POST', path: '/api/Authentication/getLoginSms', auth: 'token' });
    expect(authEndpoints.smsLogin).toEqual({ method: 'POST', path: '/api/Authentication/smsLogin', auth: 'token' });
    expect(authEndpoints.logOut).toEqual({ method: 'GET', path: '/api/Authentication/logOut', auth: 'token' });
  });

  it('sends no token where the contract takes none', async () => {
    const { authEndpoints } = await import('./endpoints/auth');
    expect(authEndpoints.weappLogin.auth).toBe('none');
    expect(anonymousTokenEndpoint).toEqual({ method: 'GET', path: accountCalls.getToken.path, auth: 'none', quiet: true });
  });

  it("takes the upload's path from the contract, with the purpose as its fixed query", async () => {
    const { userEndpoints } = await import('./endpoints/user');
    const { feedbackEndpoints } = await import('./endpoints/feedback');
    expect(userEndpoints.upload).toEqual({ method: 'POST', path: `${uploadCalls.upload.path}?purpose=avatar`, auth: 'token' });
    expect(feedbackEndpoints.uploadImage).toEqual({
      method: 'POST',
      path: `${uploadCalls.upload.path}?purpose=feedback`,
      auth: 'token',
      quiet: true,
    });
  });

  it("sends the merchant calls with the user's token and puts the key id in the revoke path", async () => {
    const { merchantEndpoints, revokeEndpoint } = await import('./endpoints/merchants');
    expect(merchantEndpoints.apply).toEqual({ method: 'POST', path: '/api/merchant/apply', auth: 'token' });
    expect(merchantEndpoints.profile).toEqual({ method: 'GET', path: '/api/merchant/profile', auth: 'token', quiet: true });
    expect(revokeEndpoint('mk_0123456789abcdef01234567')).toEqual({
      method: 'POST',
      path: '/api/merchant/keys/mk_0123456789abcdef01234567/revoke',
      auth: 'token',
    });
  });

  it('encodes a fixed query and keeps a path without one as declared', () => {
    const call = { method: 'GET', path: '/api/x', auth: 'none' } as const;
    expect(endpointOf(call).path).toBe('/api/x');
    expect(endpointOf(call, { query: { q: 'a b&c' } }).path).toBe('/api/x?q=a%20b%26c');
  });
});
