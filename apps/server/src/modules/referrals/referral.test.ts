import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { signUp } from '../../../test/referralFixtures';

let server: TestServer;
let phone = 13710000000;
const nextPhone = () => String((phone += 1));
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});

const referrerOf = async (id: number) =>
  (await server.deps.database.pool.query<{ referrer_id: number | null }>('select referrer_id from users where id = $1', [id])).rows[0]!
    .referrer_id;
const dbError = (sql: string, params: unknown[]) =>
  server.deps.database.pool.query(sql, params).then(
    () => null,
    (e: Error & { code?: string }) => e,
  );

describe('referral binding', () => {
  it('binds a new user to the referrer of the code given at the first login', async () => {
    const a = await signUp(server, nextPhone());
    const b = await signUp(server, nextPhone(), a.inviteCode);
    expect(await referrerOf(b.id)).toBe(a.id);
  });

  it('never binds a user to themselves, and the database refuses it too', async () => {
    const a = await signUp(server, nextPhone());
    await server.login(a.phone, { p: a.inviteCode });
    expect(await referrerOf(a.id)).toBeNull();
    const refused = await dbError(
      `insert into users (id, phone, nickname, invite_code, referrer_id) values (99999990, $1, 'self', 'SELF01', 99999990)`,
      [nextPhone()],
    );
    expect(refused?.message).toMatch(/not an existing user|users_not_own_referrer/);
  });

  it('does not re-bind on a later login with another code', async () => {
    const a = await signUp(server, nextPhone());
    const c = await signUp(server, nextPhone());
    const b = await signUp(server, nextPhone(), a.inviteCode);
    await server.login(b.phone, { p: c.inviteCode });
    expect(await referrerOf(b.id)).toBe(a.id);
  });

  it("cannot close a cycle: the referrer already exists, so the referee's code never binds it", async () => {
    const a = await signUp(server, nextPhone());
    const b = await signUp(server, nextPhone(), a.inviteCode);
    await server.login(a.phone, { p: b.inviteCode });
    expect(await referrerOf(a.id)).toBeNull();
    expect(await referrerOf(b.id)).toBe(a.id);
  });

  it('refuses in the database any later change of a referrer, so no path can ever make a cycle', async () => {
    const a = await signUp(server, nextPhone());
    const b = await signUp(server, nextPhone(), a.inviteCode);
    const c = await signUp(server, nextPhone(), b.inviteCode);
    const cycle = await dbError('update users set referrer_id = $1 where id = $2', [c.id, a.id]);
    expect(cycle?.message).toMatch(/bound once/);
    expect(await dbError('update users set referrer_id = null where id = $1', [b.id])).not.toBeNull();
    const unknown = await dbError(`insert into users (phone, nickname, invite_code, referrer_id) values ($1, 'x', 'NOBODY1', 99999999)`, [
      nextPhone(),
    ]);
    expect(unknown?.message).toMatch(/not an existing user/);
    expect(await referrerOf(a.id)).toBeNull();
  });

  it('ignores an unknown code and the codes of frozen and cancelled referrers', async () => {
    const frozen = await signUp(server, nextPhone());
    await server.deps.database.pool.query(`update users set status = 'frozen' where id = $1`, [frozen.id]);
    const cancelled = await signUp(server, nextPhone());
    expect((await server.call('GET', '/api/Authentication/cancel', { token: cancelled.token })).code).toBe(200);
    for (const code of ['NOSUCH', frozen.inviteCode, cancelled.inviteCode]) {
      const user = await signUp(server, nextPhone(), code);
      expect(await referrerOf(user.id), code).toBeNull();
    }
  });

  it('accepts the code remembered by the anonymous token when the login itself carries none', async () => {
    const a = await signUp(server, nextPhone());
    const anonymous = await server.call('GET', `/api/Authentication/getToken?p=${a.inviteCode}`);
    const token = await server.login(nextPhone(), { token: anonymous.data.token });
    const me = (await server.call('GET', '/api/user/getInfo', { token })).data.userinfo;
    expect(await referrerOf(me.id)).toBe(a.id);
  });
});
