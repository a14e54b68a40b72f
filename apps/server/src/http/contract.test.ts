import { Code, contract, rolesFor, type ContractCall } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness';
import { adminRouteTable } from '../modules/operators/guardRoutes';

const entries: Array<[string, ContractCall]> = Object.entries(contract).flatMap(([noun, calls]) =>
  Object.entries(calls as Record<string, ContractCall>).map(([name, call]) => [`${noun}.${name}`, call] as [string, ContractCall]),
);

/**
 * The folder of a call's noun: `/api/goods` for the catalogue's calls, `/api/admin/cardTypes` for
 * an operator's; each setting under `/api/admin/settings` belongs to the module that owns it.
 */
function nounPath(path: string): string {
  const parts = path.split('/');
  const depth = parts[2] !== 'admin' ? 3 : parts[3] === 'settings' ? 5 : 4;
  return parts.slice(0, depth).join('/');
}
const contractNouns = new Set(entries.map(([, call]) => nounPath(call.path)));
/** Routes under a noun's path that answer a file, not the envelope a contract entry describes. */
const fileRoutes = new Set(['GET /api/file/private/:folder/:month/:name']);

describe('the API contract', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });

  it('serves every call of the contract from its own entry', () => {
    for (const [name, call] of entries) {
      const served = server.app.servedRoutes.filter((r) => r.method === call.method && r.url === call.path);
      expect(served, name).toHaveLength(1);
      expect(served[0]!.call, name).toBe(call);
    }
  });

  it('declares in the contract every route served under the paths of its nouns', () => {
    const undeclared = server.app.servedRoutes
      .filter((r) => contractNouns.has(nounPath(r.url)) && !r.call)
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !fileRoutes.has(route));
    expect(undeclared).toEqual([]);
    expect(contractNouns.size).toBeGreaterThan(0);
  });

  it('declares no call twice', () => {
    const keys = entries.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("guards each operator call with the roles of its entry's resource and action", () => {
    for (const [name, call] of entries) {
      if (call.auth !== 'admin') continue;
      const guarded = adminRouteTable.find((e) => e.method === call.method && e.url === call.path);
      expect(guarded?.roles, name).toEqual(rolesFor(call.access.resource, call.access.action));
    }
  });

  it('takes each call whose token is optional without one, and declares the token optional in the API description', async () => {
    const optional = entries.filter(([, call]) => call.auth === 'optional');
    expect(optional.map(([name]) => name)).toEqual(['accounts.getLoginSms', 'accounts.smsLogin', 'accounts.logOut']);
    for (const [name, call] of optional) {
      const res = await server.app.inject({ method: call.method, url: call.path, headers: { uuid: 'test-device-0001' } });
      expect([Code.NotLoggedIn, Code.TokenInvalid], name).not.toContain((res.json() as { code: number }).code);
    }
    const openapi = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(openapi.paths['/api/Authentication/smsLogin']?.post?.security).toEqual([{}, { token: [] }]);
  });

  it('refuses each user call without a login, each operator call without a session, and each merchant call unsigned', async () => {
    const refusedWithout = { user: Code.NotLoggedIn, admin: Code.AdminNotLoggedIn, merchant: Code.MerchantHeaderMissing } as const;
    for (const [name, call] of entries) {
      if (call.auth === 'none' || call.auth === 'optional') continue;
      const url = call.path.replace(/:id\b/g, '1');
      const res = await server.app.inject({ method: call.method, url, headers: { uuid: 'test-device-0001' } });
      const expected = refusedWithout[call.auth];
      expect((res.json() as { code: number }).code, name).toBe(expected);
    }
  });
});
