/**
 * The built-in card channel. It decides from the card password alone, so demos and tests reach
 * every outcome on purpose (README "Selling cards"):
 *
 * | password ends with | outcome                                     |
 * |--------------------|---------------------------------------------|
 * | 0000               | rejected: card already used                 |
 * | 1111               | not activated                               |
 * | 2222               | abnormal: the issuer did not answer clearly |
 * | 5050               | passed, worth half the declared face value  |
 * | 2020               | passed, worth twice the declared face value |
 * | anything else      | passed at the declared face value           |
 *
 * After `delayMs` it POSTs a real signed callback to our own server, so the callback route is
 * exercised exactly as a supplier would; `query` gives the same verdict at once.
 */
import { randomBytes } from 'node:crypto';
import type { CardChannel, ChannelCard, ChannelResult } from './contract';
import { signCallback } from './contract';

export function simVerdict(card: ChannelCard): ChannelResult {
  const pwd = card.cardPwd;
  const ref = card.ref;
  if (pwd.endsWith('0000')) return { ref, outcome: 'rejected', reason: '卡密已被使用' };
  if (pwd.endsWith('1111')) return { ref, outcome: 'notActivated', reason: '卡未激活' };
  if (pwd.endsWith('2222')) return { ref, outcome: 'abnormal', reason: '发卡方返回异常' };
  if (pwd.endsWith('5050')) return { ref, outcome: 'passed', actualFaceValueFen: Math.floor(card.faceValueFen / 2) };
  if (pwd.endsWith('2020')) return { ref, outcome: 'passed', actualFaceValueFen: card.faceValueFen * 2 };
  return { ref, outcome: 'passed' };
}

export interface SimChannel extends CardChannel {
  stop(): void;
}

export function createSimChannel(options: { secret: string; delayMs: number; callbackBase: () => string | undefined }): SimChannel {
  const timers = new Set<NodeJS.Timeout>();

  const callBack = async (result: ChannelResult) => {
    const base = options.callbackBase();
    // Not listening (a test using inject only): the status poll finds the verdict instead.
    if (!base) return;
    const body = JSON.stringify(result);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    await fetch(new URL('/api/channel/callback/sim', base), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': signCallback(options.secret, timestamp, nonce, body),
      },
      body,
    }).catch(() => undefined); // a lost callback is found by the status poll
  };

  return {
    name: 'sim',
    secret: options.secret,
    async submit(card) {
      const result = simVerdict(card);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void callBack(result);
      }, options.delayMs);
      timer.unref();
      timers.add(timer);
    },
    async query(card) {
      return simVerdict(card);
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
