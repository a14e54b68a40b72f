import { Code, idCheckChar } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let phoneSeq = 0;
const newPhone = () => `139${String(10_000_000 + phoneSeq++).slice(-8)}`;
const idFor = (birth: string, seq: string) => `440305${birth}${seq}${idCheckChar(`440305${birth}${seq}`)}`;
let idSeq = 100;
const newId = () => idFor('19900307', String(idSeq++));

beforeAll(async () => {
  server = await createTestServer({ env: { FACE_DAILY_LIMIT: '3' } });
});

async function start(token: string, idNum = newId(), name = '张三') {
  return server.call('POST', '/api/user/faceCertifyVerifyUrl', { token, body: { name, idNum } });
}
const poll = (token: string, certifyId?: string) =>
  server.call('GET', `/api/user/queryFaceCertify${certifyId ? `?certifyId=${certifyId}` : ''}`, { token });

/** What the tester does on the simulator's page. */
async function decide(certifyId: string, outcome: 'passed' | 'failed', acceptLanguage = 'zh-CN') {
  return server.app.inject({
    method: 'POST',
    url: `/sim/face/${certifyId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': acceptLanguage },
    payload: `outcome=${outcome}`,
  });
}

describe('real-name face verification (simulator)', () => {
  it('pending until the face page passes, then the user is verified once', async () => {
    const token = await server.login(newPhone());
    const idNum = newId();
    const started = await start(token, idNum);
    expect(started.code).toBe(Code.Ok);
    expect(started.data.certifyUrl).toMatch(new RegExp(`/sim/face/${started.data.certifyId}$`));

    const pending = await poll(token);
    expect(pending).toMatchObject({ code: Code.VerificationPending, data: { status: 'pending', failReason: null } });
    expect(pending.data.realInfo.verified).toBe(false);

    expect((await decide(started.data.certifyId, 'passed')).statusCode).toBe(200);
    const passed = await poll(token, started.data.certifyId);
    expect(passed).toMatchObject({ code: Code.Ok, data: { status: 'passed', failReason: null } });
    expect(passed.data.realInfo).toEqual({ verified: true, name: '*三', idNum: `440***********${idNum.slice(-4)}` });

    const info = await server.call('GET', '/api/user/getInfo', { token });
    expect(info.data.userinfo.realInfo).toEqual(passed.data.realInfo);
    expect((await start(token)).code).toBe(Code.RealNameAlreadyVerified);
  });

  it('a failed scan says why, and the user may try again and pass', async () => {
    const token = await server.login(newPhone());
    const first = await start(token);
    await decide(first.data.certifyId, 'failed');
    const failed = await poll(token);
    expect(failed).toMatchObject({ code: Code.Ok, data: { status: 'failed' } });
    expect(failed.data.failReason).toBe('人脸与身份证信息不一致，请本人重新认证');
    expect(failed.data.realInfo.verified).toBe(false);

    const retry = await start(token);
    await decide(retry.data.certifyId, 'passed');
    expect((await poll(token)).data.status).toBe('passed');
    expect((await poll(token, first.data.certifyId)).data.status).toBe('failed');
  });

  it('a scan left pending for over 30 minutes counts as abandoned', async () => {
    const token = await server.login(newPhone());
    const started = await start(token);
    await server.deps.database.pool.query(
      `update face_certifications set created_at = now() - interval '31 minutes' where certify_id = $1`,
      [started.data.certifyId],
    );
    const expired = await poll(token, started.data.certifyId);
    expect(expired).toMatchObject({ code: Code.Ok, data: { status: 'expired' } });
    expect(expired.data.failReason).toBe('认证超时未完成，请重新发起');
  });

  it('a new start supersedes the pending one', async () => {
    const token = await server.login(newPhone());
    const first = await start(token);
    await start(token);
    await decide(first.data.certifyId, 'passed');
    const old = await poll(token, first.data.certifyId);
    expect(old.data).toMatchObject({ status: 'expired', realInfo: { verified: false } });
  });

  it('concurrent polls of a passed scan verify the user exactly once', async () => {
    const token = await server.login(newPhone());
    const started = await start(token);
    await decide(started.data.certifyId, 'passed');
    const answers = await Promise.all(Array.from({ length: 8 }, () => poll(token, started.data.certifyId)));
    expect(answers.every((a) => a.code === Code.Ok && a.data.status === 'passed')).toBe(true);
    const { rows } = await server.deps.database.pool.query(
      `select u.real_name_verified_at, count(*) over () as n from users u
        join face_certifications f on f.user_id = u.id where f.certify_id = $1`,
      [started.data.certifyId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].real_name_verified_at).not.toBeNull();
  });

  it('one ID per account: a second account is refused at start and, if racing, at pass', async () => {
    const idNum = newId();
    const a = await server.login(newPhone());
    const b = await server.login(newPhone());
    const startA = await start(a, idNum);
    const startB = await start(b, idNum);
    await decide(startA.data.certifyId, 'passed');
    await decide(startB.data.certifyId, 'passed');
    expect((await poll(a)).data.status).toBe('passed');
    const raced = await poll(b);
    expect(raced.data).toMatchObject({ status: 'failed', realInfo: { verified: false } });
    expect(raced.data.failReason).toBe('该身份证号已在其他账号完成实名认证');

    const c = await server.login(newPhone());
    expect((await start(c, idNum.toLowerCase())).code).toBe(Code.IdNumberTaken);
  });

  it('limits starts per user per day', async () => {
    const token = await server.login(newPhone());
    for (let i = 0; i < 3; i++) expect((await start(token)).code).toBe(Code.Ok);
    expect((await start(token)).code).toBe(Code.FaceCertifyDailyLimit);
  });

  it("another user's certifyId is not found", async () => {
    const owner = await server.login(newPhone());
    const other = await server.login(newPhone());
    const started = await start(owner);
    expect((await poll(other, started.data.certifyId)).code).toBe(Code.NotFound);
    expect((await poll(other)).code).toBe(Code.NotFound);
  });

  it('refuses bad names and ID numbers with the reason, and needs a login', async () => {
    const token = await server.login(newPhone());
    const badId = await start(token, '440305199003071230');
    expect(badId.code).toBe(Code.InvalidInput);
    expect(badId.msg).toMatch(/^idNum：/);
    expect((await start(token, newId(), 'Zhang San')).code).toBe(Code.InvalidInput);
    const anonymous = await server.call('POST', '/api/user/faceCertifyVerifyUrl', { body: { name: '张三', idNum: newId() } });
    expect(anonymous.code).toBe(Code.NotLoggedIn);
  });
});

describe('the simulator page', () => {
  it('shows the masked name and two buttons, in the reader language', async () => {
    const token = await server.login(newPhone());
    const started = await start(token, newId(), '欧阳娜娜');
    const zh = await server.app.inject({
      method: 'GET',
      url: `/sim/face/${started.data.certifyId}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toMatch(/text\/html/);
    expect(zh.body).toContain('*阳娜娜');
    expect(zh.body).not.toContain('欧阳娜娜');
    expect(zh.body).toContain('认证通过');
    const en = await server.app.inject({
      method: 'GET',
      url: `/sim/face/${started.data.certifyId}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.body).toContain('Pass');

    const done = await decide(started.data.certifyId, 'failed', 'en-US');
    expect(done.body).toContain('Verification failed (simulated)');
    // The first choice stands.
    const again = await decide(started.data.certifyId, 'passed', 'en-US');
    expect(again.body).toContain('already has a result');
    expect((await poll(token)).data.status).toBe('failed');
  });

  it('an unknown id gets a 404 page', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/sim/face/sim000' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('认证记录不存在');
  });

  it('speaks English on every page to an English reader, and Chinese to a Chinese one', async () => {
    const token = await server.login(newPhone());
    const started = await start(token, newId(), '欧阳娜娜');
    const page = (url: string, language: string) => server.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
    const hasChinese = /[\u4e00-\u9fff]/;

    const en = (await page(`/sim/face/${started.data.certifyId}`, 'en-US')).body;
    expect(en).toContain('<title>Face verification (simulated)</title>');
    expect(en).toContain('A simulated verification page for development and testing; no face is captured.');
    expect(en).toContain('>Name<b>*阳娜娜</b>');
    expect(en).toContain('>Pass</button>');
    expect(en).toContain('>Fail</button>');
    expect(en.replace('*阳娜娜', '')).not.toMatch(hasChinese);

    const zh = (await page(`/sim/face/${started.data.certifyId}`, 'zh-CN')).body;
    expect(zh).toContain('<title>人脸认证（模拟）</title>');
    expect(zh).toContain('这是开发与测试用的模拟认证页，不会采集人脸。');
    expect(zh).toContain('>认证姓名<b>*阳娜娜</b>');
    expect(zh).toContain('>认证不通过</button>');

    const passed = (await decide(started.data.certifyId, 'passed', 'en-US')).body;
    expect(passed).toContain('Verification passed (simulated)');
    expect(passed).toContain('Go back to the Maika app to see the result.');
    expect(passed).not.toMatch(hasChinese);
    const decidedZh = (await decide(started.data.certifyId, 'failed', 'zh-CN')).body;
    expect(decidedZh).toContain('本次认证已有结果');
    expect(decidedZh).toContain('请返回卖卡 App 查看认证结果。');

    const missing = (await page('/sim/face/sim000', 'en-US')).body;
    expect(missing).toContain('This verification does not exist; go back to the app and start a new one.');
    expect(missing).not.toMatch(hasChinese);
  });
});
