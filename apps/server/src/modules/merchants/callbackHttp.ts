/**
 * Our callbacks to merchants' servers, over HTTP to an address the merchant chose, so guarded
 * against being turned on our own network: https only, and every address the host resolves to
 * must be public, checked when the address is saved and again when it is used, on the address
 * the connection is actually made to (the lookup below answers the connection itself, so a name
 * that resolves elsewhere between the check and the connection gains nothing). Redirects are not
 * followed, and an attempt ends after a short timeout. The demo also allows plain http to this
 * machine, so the example receiver works (docs/design.md "Merchant API").
 */
import { bothLanguages, type LocalizedText, type TextRef } from '@maika/shared';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Config } from '../../config';
import { isLoopbackAddress, isPublicAddress, type HostResolver, type ResolvedAddress } from '../../lib/publicAddress';

export interface CallbackTransport {
  timeoutMs: number;
  /** Plain http and this machine's addresses are allowed (the demo), never in production. */
  allowLoopback: boolean;
  resolve: HostResolver;
}

/** The transport as configured: loopback is allowed outside production unless switched off. */
export function callbackTransportOf(config: Config, resolve: HostResolver): CallbackTransport {
  const setting = config.MERCHANT_CALLBACK_ALLOW_LOOPBACK;
  return {
    timeoutMs: config.MERCHANT_CALLBACK_TIMEOUT_MS,
    allowLoopback: setting === undefined ? config.demo : setting === 'true' && config.demo,
    resolve,
  };
}

/** Why an address is refused: for the merchant (`reason`, both languages) and for the attempt's record (`detail`). */
export interface AddressRefusal {
  reason: LocalizedText;
  detail: string;
}

const refusal = (ref: TextRef, detail: string): AddressRefusal => ({ reason: bothLanguages(ref), detail });

function allowedAddress(address: string, plainHttp: boolean, t: CallbackTransport): boolean {
  if (t.allowLoopback && isLoopbackAddress(address)) return true;
  return !plainHttp && isPublicAddress(address);
}

/** The parsed URL when it may be used as it stands: scheme, no credentials, a host; else why not. */
function parseCallbackUrl(text: string, t: CallbackTransport): { url: URL } | AddressRefusal {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refusal({ key: 'merchant.notifyUrl.invalid' }, 'not a valid URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && t.allowLoopback))
    return refusal({ key: 'merchant.notifyUrl.notHttps' }, `${url.protocol} is not https`);
  if (url.username || url.password) return refusal({ key: 'merchant.notifyUrl.credentials' }, 'the URL carries credentials');
  if (!url.hostname) return refusal({ key: 'merchant.notifyUrl.invalid' }, 'the URL has no host');
  return { url };
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The first address of `addresses` that is not allowed, as a refusal; undefined when all are allowed. */
function firstForbidden(addresses: ResolvedAddress[], plainHttp: boolean, t: CallbackTransport): AddressRefusal | undefined {
  const bad = addresses.find((a) => !allowedAddress(a.address, plainHttp, t));
  return bad && refusal({ key: 'merchant.notifyUrl.private', params: { address: bad.address } }, `address ${bad.address} is not public`);
}

async function resolveAll(host: string, t: CallbackTransport): Promise<ResolvedAddress[] | AddressRefusal> {
  try {
    const addresses = await t.resolve(host);
    if (addresses.length === 0) throw new Error('no address');
    return addresses;
  } catch {
    return refusal({ key: 'merchant.notifyUrl.unresolved', params: { host } }, `${host} does not resolve`);
  }
}

/** Whether a callback address may be saved (or a callback sent to it now): undefined when it may. */
export async function refuseCallbackUrl(text: string, t: CallbackTransport): Promise<AddressRefusal | undefined> {
  const parsed = parseCallbackUrl(text, t);
  if ('reason' in parsed) return parsed;
  const addresses = await resolveAll(hostOf(parsed.url), t);
  if ('reason' in addresses) return addresses;
  return firstForbidden(addresses, parsed.url.protocol === 'http:', t);
}

class AddressRefused extends Error {
  constructor(readonly refusal: AddressRefusal) {
    super(refusal.detail);
  }
}

/** Resolves for the connection itself and refuses it unless every address is allowed; it connects to the first. */
function guardedLookup(plainHttp: boolean, t: CallbackTransport): LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as (error: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
    resolveAll(hostname, t).then(
      (addresses) => {
        if ('reason' in addresses) return done(new AddressRefused(addresses), '');
        const forbidden = firstForbidden(addresses, plainHttp, t);
        if (forbidden) return done(new AddressRefused(forbidden), '');
        const first = addresses[0]!;
        if ((options as { all?: boolean }).all) return done(null, [first]);
        return done(null, first.address, first.family);
      },
      (error: Error) => done(error, ''),
    );
  };
}

export type CallbackOutcome =
  | { status: 'delivered' | 'failed'; responseCode: number; responseExcerpt: string; error: null }
  | { status: 'failed'; responseCode: null; responseExcerpt: null; error: string }
  | { status: 'blocked'; responseCode: null; responseExcerpt: null; error: string };

const EXCERPT_CHARS = 500;
/** Bytes of an answer read at most: a merchant's server cannot make us read a large one. */
const ANSWER_BYTES_MAX = 4096;

/** POSTs the JSON to the callback address: 2xx is delivered, any other answer or no answer failed, a refused address blocked. */
export async function postCallback(
  text: string,
  body: string,
  headers: Record<string, string>,
  t: CallbackTransport,
): Promise<CallbackOutcome> {
  const parsed = parseCallbackUrl(text, t);
  if ('reason' in parsed) return { status: 'blocked', responseCode: null, responseExcerpt: null, error: parsed.detail };
  const { url } = parsed;
  const plainHttp = url.protocol === 'http:';
  // A literal address is never looked up by the connection: check it here instead.
  const literal = hostOf(url);
  if (isIP(literal)) {
    const forbidden = firstForbidden([{ address: literal, family: isIP(literal) as 4 | 6 }], plainHttp, t);
    if (forbidden) return { status: 'blocked', responseCode: null, responseExcerpt: null, error: forbidden.detail };
  }
  const transport = plainHttp ? http : https;
  return new Promise<CallbackOutcome>((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(plainHttp, t),
        signal: AbortSignal.timeout(t.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Maika-Callback/1',
          ...headers,
        },
        // A fresh connection each time: a kept-alive one would skip the address check.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < ANSWER_BYTES_MAX) chunks.push(chunk.subarray(0, ANSWER_BYTES_MAX - size));
          size += chunk.length;
          if (size >= ANSWER_BYTES_MAX) response.destroy();
        });
        const finish = () => {
          const code = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
          resolve({
            status: code >= 200 && code < 300 ? 'delivered' : 'failed',
            responseCode: code,
            responseExcerpt: excerpt,
            error: null,
          });
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error: Error) => {
      if (error instanceof AddressRefused) resolve({ status: 'blocked', responseCode: null, responseExcerpt: null, error: error.message });
      else if (error.name === 'TimeoutError' || error.name === 'AbortError')
        resolve({ status: 'failed', responseCode: null, responseExcerpt: null, error: `no answer within ${t.timeoutMs} ms` });
      else resolve({ status: 'failed', responseCode: null, responseExcerpt: null, error: error.message.slice(0, EXCERPT_CHARS) });
    });
    request.end(body);
  });
}
