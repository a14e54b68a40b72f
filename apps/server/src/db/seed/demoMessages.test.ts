import { contract } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createTestServer, type TestServer } from '../../../test/harness';
import { seedDemoData } from './demo';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await seedDemoData(server.deps);
});
const calls = contract.messages;

describe('the demo message channels', () => {
  it('turns every channel on with demo template ids, so the consent requests ask for them, and writes no message', async () => {
    const token = await server.login('13800138000');
    expect((await callApi(server, calls.settings, { token })).data.channels).toEqual({ sms: true, weapp: true, alipay: true });
    expect((await callApi(server, calls.subscribeTemplates, { token, query: { platform: 'weapp' } })).data).toEqual({
      submit: ['demo-weapp-orderDecided', 'demo-weapp-cardsNeedSeller', 'demo-weapp-appealDecided'],
      withdraw: ['demo-weapp-withdrawalPaid', 'demo-weapp-withdrawalReturned'],
    });
    expect((await callApi(server, calls.subscribeTemplates, { token, query: { platform: 'alipay' } })).data.withdraw).toEqual([
      'demo-alipay-withdrawalPaid',
      'demo-alipay-withdrawalReturned',
    ]);
    const { rows } = await server.deps.database.pool.query('select count(*)::int as n from messages');
    expect(rows[0].n).toBe(0);
  });
});
