import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/harness';
import { createPayoutProviders } from './index';
import type { Db } from '../../db/client';

// The registry only builds providers; none of these touches the database until a payout runs.
const noDb = {} as Db;

describe('payout providers per channel', () => {
  it('simulates both vendors by default and leaves bank cards to finance', () => {
    const providers = createPayoutProviders(testConfig(), noDb);
    expect(providers.alipay?.name).toMatch(/sim/);
    expect(providers.wechat?.name).toMatch(/sim/);
    expect(providers.bank).toBeUndefined();
  });

  it('leaves a channel set to offline without a provider, so finance pays it by hand', () => {
    const providers = createPayoutProviders(testConfig({ PAYOUT_PROVIDER_ALIPAY: 'offline', PAYOUT_PROVIDER_WECHAT: 'offline' }), noDb);
    expect(providers).toEqual({});
  });

  it('pays Alipay withdrawals through Alipay when told to', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const providers = createPayoutProviders(
      testConfig({
        PAYOUT_PROVIDER_ALIPAY: 'alipay',
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY: rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString().replace(/\n/g, '\\n'),
        ALIPAY_PUBLIC_KEY: rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString().replace(/\n/g, '\\n'),
      }),
      noDb,
    );
    expect(providers.alipay?.name).toBe('alipay');
  });
});
