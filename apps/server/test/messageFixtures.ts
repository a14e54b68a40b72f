/** Messages recorded in a test as the reporting modules record them, with every channel set up. */
import { Code, type MessageTypeKey } from '@maika/shared';
import type { Deps } from '../src/deps';
import type { TestServer } from './harness';
import { recordMessage, saveChannelSetting, type MessageEvent } from '../src/modules/messages';
import { sampleFacts } from './messageFacts';

/** An event of the type with its sample facts, about `subject`. */
export function sampleEvent<T extends MessageTypeKey>(
  userId: number,
  type: T,
  subject: string,
  onRepeat?: 'once' | 'replace',
): MessageEvent {
  return { userId, type, subject, facts: sampleFacts[type], onRepeat } as MessageEvent;
}

/** Records one message in a transaction of its own, as the reporting module's change would. */
export const record = (deps: Deps, event: MessageEvent) => deps.database.db.transaction((tx) => recordMessage(tx, event));

/** Every type templated on every channel, all channels on (or only those named). */
export async function channelsOn(deps: Deps, on: readonly ('sms' | 'weapp' | 'alipay')[] = ['sms', 'weapp', 'alipay']) {
  for (const channel of ['sms', 'weapp', 'alipay'] as const) {
    const templates = Object.fromEntries(Object.keys(sampleFacts).map((type) => [type, `${channel}_${type}`]));
    await saveChannelSetting(deps.database.db, channel, { enabled: on.includes(channel), templates });
  }
}

/**
 * A user who logged in from a mini-program and linked it with their phone (the simulator's
 * openid), as the 309-then-SMS-login flow leaves them.
 */
export async function miniProgramUser(
  server: TestServer,
  platform: 'weapp' | 'alipay',
  phone: string,
): Promise<{ token: string; userId: number; loginCode: string }> {
  const loginCode = `sim-${platform}-${phone}`;
  const path = platform === 'weapp' ? '/api/Authentication/wechatMiniProgramLogin' : '/api/Authentication/aliMiniProgramLogin';
  const unbound = await server.call('POST', path, { body: { code: loginCode } });
  if (unbound.code !== Code.MiniProgramUnbound) throw new Error(`mini-program login answered ${unbound.code}: ${unbound.msg}`);
  await server.call('POST', '/api/Authentication/getLoginSms', { body: { phone } });
  const login = await server.call('POST', '/api/Authentication/smsLogin', {
    body: { phone, code: await server.latestCode(phone), openid: unbound.data.openid, platform },
  });
  if (login.code !== Code.Ok) throw new Error(`smsLogin answered ${login.code}: ${login.msg}`);
  return { token: login.data.token, userId: login.data.userinfo.id, loginCode };
}
