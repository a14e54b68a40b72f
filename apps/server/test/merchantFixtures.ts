/**
 * Merchants for tests, made as a reseller and an operator make one (apply in the app, approved in
 * the console, a key created on the merchant page), and requests signed as a merchant's system
 * signs them, with the one signing function both sides use.
 */
import { contract, pathOf } from '@maika/shared';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { signedHeaders } from '../src/modules/merchants';
import { callApi } from './callApi';
import { adminCall } from './console';
import type { Body, TestServer } from './harness';

export interface MerchantFixture {
  /** The seller's login token in the app. */
  token: string;
  merchantId: number;
  keyId: string;
  secret: string;
}

/** A seller who applied, was approved by `operatorToken` (finance or admin) and made one key. */
export async function approvedMerchant(server: TestServer, operatorToken: string, phone: string): Promise<MerchantFixture> {
  const token = await server.login(phone);
  const applied = await callApi(server, contract.merchants.apply, {
    token,
    body: { name: `Shop ${phone}`, contact: `Li ${phone}`, monthlyVolume: 5000 },
  });
  if (applied.code !== 200) throw new Error(`apply ${applied.code}: ${applied.msg}`);
  const { rows } = await server.deps.database.pool.query<{ id: string }>(
    'select m.id from merchants m join users u on u.id = m.user_id where u.phone = $1',
    [phone],
  );
  const merchantId = Number(rows[0]!.id);
  const approved = await adminCall(server, operatorToken, 'POST', pathOf(contract.merchants.approve, { id: merchantId }));
  if (approved.code !== 200) throw new Error(`approve ${approved.code}: ${approved.msg}`);
  const key = await callApi(server, contract.merchants.createKey, { token });
  if (key.code !== 200) throw new Error(`createKey ${key.code}: ${key.msg}`);
  return { token, merchantId, keyId: key.data.keyId, secret: key.data.secret };
}

export interface SignedOptions {
  /** Sent as these exact bytes; an object is sent as its JSON. */
  body?: string | object;
  /** Unix seconds; now by the server's clock when absent. */
  timestamp?: number;
  nonce?: string;
  /** Signs with this instead of the key's secret. */
  secret?: string;
  /** Replaces or adds headers after signing. */
  headers?: Record<string, string>;
  locale?: string;
}

/** A request signed as a merchant's system signs it, answered as sent. */
export function signedRaw(
  server: TestServer,
  key: Pick<MerchantFixture, 'keyId' | 'secret'>,
  method: 'GET' | 'POST',
  url: string,
  o: SignedOptions = {},
): Promise<LightMyRequestResponse> {
  const body = o.body === undefined ? '' : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
  const headers = signedHeaders({
    method,
    pathWithQuery: url,
    body,
    keyId: key.keyId,
    secret: o.secret ?? key.secret,
    timestamp: o.timestamp ?? Math.floor(server.deps.clock.now() / 1000),
    nonce: o.nonce ?? randomBytes(16).toString('hex'),
  });
  return server.app.inject({
    method,
    url,
    headers: {
      ...headers,
      'accept-language': o.locale ?? 'en-US',
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...o.headers,
    },
    ...(o.body !== undefined ? { payload: body } : {}),
  });
}

export async function signedCall(
  server: TestServer,
  key: Pick<MerchantFixture, 'keyId' | 'secret'>,
  method: 'GET' | 'POST',
  url: string,
  o: SignedOptions = {},
): Promise<Body> {
  const response = await signedRaw(server, key, method, url, o);
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered HTTP ${response.statusCode}: ${response.body}`);
  return response.json() as Body;
}
