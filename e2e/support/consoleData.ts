import { OtpRules } from '@maika/shared';
import { expect } from 'vitest';
import type { AdminServer } from './adminConsole';
import { waitBounds } from './waits';

/**
 * What the console journeys need to exist before an operator looks: app users logged in over HTTP,
 * submitted cards, a verified real name, a withdrawal.
 */

export interface AppUser {
  token: string;
  id: number;
  phone: string;
}

export async function logInUser(server: AdminServer, phone: string): Promise<AppUser> {
  const sent = await server.call('/api/Authentication/getLoginSms', { body: { phone } });
  expect(sent.code, sent.msg).toBe(200);
  const outbox = await server.call(`/api/dev/smsOutbox?phone=${phone}`);
  const login = await server.call('/api/Authentication/smsLogin', { body: { phone, code: outbox.data[0].code } });
  expect(login.code, login.msg).toBe(200);
  return { token: login.data.token, id: login.data.userinfo.id, phone };
}

/**
 * Asks for another login code for a phone that had one a moment ago: the server sends it once the
 * resend interval has passed, so the wait is that interval plus the usual bound for an outcome.
 */
export async function sendLoginCodeAgain(
  server: AdminServer,
  phone: string,
  resendSeconds: number = OtpRules.resendIntervalSeconds,
): Promise<void> {
  await expect
    .poll(async () => (await server.call('/api/Authentication/getLoginSms', { body: { phone } })).code, {
      timeout: resendSeconds * 1000 + waitBounds.outcome,
      interval: 250,
    })
    .toBe(200);
}

/** A card number or password that fits a rule (digits, letters or both, of its length), distinct for each seed. */
export function fitting(rule: { ruleType: number; length: number | null }, seed: number): string {
  const length = rule.length ?? 16;
  const alphabet = rule.ruleType === 1 ? '0123456789' : rule.ruleType === 2 ? 'ABCDEFGHJK' : 'A1B2C3D4E5';
  const mark = [...String(seed)].map((digit) => alphabet[Number(digit)]!).join('');
  const filler = Array.from({ length }, (_, i) => alphabet[(i * 3 + 1) % alphabet.length]).join('');
  return (mark + filler).slice(0, length);
}

export interface SubmittedCard {
  id: number;
  cardNo: string | undefined;
  cardPwd: string;
}

/** Submits one card of the first card type at its first face value; answers the card as the server stored it. */
export async function submitCard(server: AdminServer, user: AppUser, seed: number): Promise<SubmittedCard> {
  const classes = await server.call('/api/goods/getClassList');
  const goodsId = classes.data[0].cardTypes[0].id;
  const detail = await server.call(`/api/goods/getGoodsDetail?id=${goodsId}`);
  expect(detail.code, detail.msg).toBe(200);
  const cardNo = detail.data.needsCardNo ? fitting(detail.data.cardNoRule, seed) : undefined;
  const cardPwd = fitting(detail.data.pwdRule, seed + 1000);
  const submitted = await server.call('/api/order/submit', {
    token: user.token,
    body: {
      goodsId,
      faceValueFen: detail.data.faceValues[0].faceValueFen,
      cards: [{ cardNo, cardPwd }],
      idempotencyKey: `e2e-console-card-${seed}`,
      agree: true,
    },
  });
  expect(submitted.code, submitted.msg).toBe(200);
  const order = await server.call(`/api/order/detail?id=${submitted.data.orderId}`, { token: user.token });
  expect(order.code, order.msg).toBe(200);
  return { id: order.data.order.cards[0].id, cardNo, cardPwd };
}

/** Face verification through the simulator's own page, as a phone would submit its form. */
export async function verifyRealName(server: AdminServer, user: AppUser, name = '张三'): Promise<void> {
  const started = await server.call('/api/user/faceCertifyVerifyUrl', { token: user.token, body: { name, idNum: '11010519491231002X' } });
  expect(started.code, started.msg).toBe(200);
  await fetch(new URL(started.data.certifyUrl, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=passed',
  });
  expect((await server.call(`/api/user/queryFaceCertify?certifyId=${started.data.certifyId}`, { token: user.token })).data.status).toBe(
    'passed',
  );
}

/** A verified user with a balance asks for a withdrawal to Alipay; answers its id. */
export async function requestWithdrawal(server: AdminServer, user: AppUser, amountFen: number, key: string): Promise<number> {
  await verifyRealName(server, user);
  const credit = await server.call(`/api/admin/users/${user.id}/adjust`, {
    admin: await server.rootToken(),
    body: { amountFen: amountFen * 2, reason: 'e2e balance', idempotencyKey: `${key}-credit` },
  });
  expect(credit.code, credit.msg).toBe(200);
  const payee = await server.call('/api/user/savePayee', { token: user.token, body: { channel: 1, account: user.phone } });
  expect(payee.code, payee.msg).toBe(200);
  const extract = await server.call('/api/cash/extract', {
    token: user.token,
    body: { amountFen, channel: 1, payeeId: payee.data.payee.id, idempotencyKey: key },
  });
  expect(extract.code, extract.msg).toBe(200);
  return extract.data.withdrawal.id;
}
