import { Code, codeMessages } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';

/** A web-only site (MINI_PROGRAM_PROVIDER=off) configures no WeChat or Alipay credentials at all. */
describe('mini-program login on a web-only site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ env: { MINI_PROGRAM_PROVIDER: 'off' } });
  });

  it.each([
    ['WeChat', '/api/Authentication/wechatMiniProgramLogin'],
    ['Alipay', '/api/Authentication/aliMiniProgramLogin'],
  ])('answers a %s mini-program login "not offered here" in zh-CN and en-US', async (_platform, path) => {
    const zh = await server.call('POST', path, { body: { code: 'sim-anyone' }, headers: { 'accept-language': 'zh-CN' } });
    expect(zh).toMatchObject({ code: Code.MiniProgramNotOffered, msg: codeMessages[Code.MiniProgramNotOffered]['zh-CN'], data: null });
    const en = await server.call('POST', path, { body: { code: 'sim-anyone' }, headers: { 'accept-language': 'en-US' } });
    expect(en.msg).toBe('Mini-program login is not offered here; log in with your phone number and an SMS code');
  });

  it('still logs phones in by SMS', async () => {
    expect(await server.login('13712340001')).toEqual(expect.any(String));
  });
});
