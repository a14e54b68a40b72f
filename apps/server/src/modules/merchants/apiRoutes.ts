import { contract, MERCHANT_BODY_LIMIT_BYTES } from '@maika/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/appInstance';
import { route } from '../../http/contractRoute';
import { invalidInput, localeOf, ok } from '../../http/envelope';
import { getMerchantOrder, merchantBalance, merchantCatalogue, submitMerchantOrder, type MerchantRoutesOptions } from './apiService';
import { bodyTooLarge, checkRequestHeaders, checkRequestSignature, type MerchantCaller } from './authService';
import { resendCallback } from './callbackService';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant a signed request comes from, once its headers checked out (modules/merchants/apiRoutes.ts). */
    merchantCaller?: MerchantCaller;
  }
}

const tags = ['Merchant API'];
const calls = contract.merchants;

function callerOf(request: FastifyRequest): MerchantCaller {
  if (!request.merchantCaller) throw new Error(`${request.url} was answered without its signature checked`);
  return request.merchantCaller;
}

/** A signed body must be JSON; its bytes were kept as received, since the signature covers them. */
function parsedBody(request: FastifyRequest, raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  if (!/^application\/json\b/i.test(String(request.headers['content-type'] ?? '')))
    throw invalidInput('Content-Type', 'send the body as application/json');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidInput('body', 'is not valid JSON');
  }
}

/**
 * The signed API under /api/merchant/v1/ (docs/design.md "Merchant API"). Every request's headers
 * are checked before its body is read, and its signature over the body's exact bytes before the
 * body is parsed or validated, so an unsigned request learns nothing about its input.
 */
export default async function merchantApiRoutes(app: AppInstance, options: MerchantRoutesOptions) {
  const { deps } = app;

  app.addHook('onRequest', async (request) => {
    request.merchantCaller = await checkRequestHeaders(deps, request.headers);
  });

  // Every body is kept as bytes, whatever its type, up to the limit; it is parsed once signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MERCHANT_BODY_LIMIT_BYTES) chunks.push(chunk);
    });
    payload.on('end', () => (size > MERCHANT_BODY_LIMIT_BYTES ? done(bodyTooLarge(), undefined) : done(null, Buffer.concat(chunks))));
    payload.on('error', (error) => done(error, undefined));
  });

  app.addHook('preValidation', async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    await checkRequestSignature(deps, callerOf(request), { method: request.method, pathWithQuery: request.url, body: raw });
    request.body = parsedBody(request, raw);
  });

  route(app, calls.catalogue, {
    tags,
    summary: "Electronic card types on sale: rules, face values, this merchant's rate for each (its own, else the public one)",
    handler: async (request) => ok(await merchantCatalogue(deps, callerOf(request), localeOf(request))),
  });

  route(app, calls.submitOrder, {
    tags,
    summary:
      'Sell up to 1000 cards of one type and face value at your rate, all or nothing (1701 lists every bad line); the same merchantOrderNo with the same body answers the first order, with another body is refused (2113)',
    handler: async (request) =>
      ok(await submitMerchantOrder(deps, options.submitCards, callerOf(request), request.body, localeOf(request))),
  });

  route(app, calls.order, {
    tags,
    summary: "One order by your number: each card's status, settlement and amount, and the latest callback attempts",
    handler: async (request) => ok(await getMerchantOrder(deps, callerOf(request), request.params.merchantOrderNo, localeOf(request))),
  });

  route(app, calls.balance, {
    tags,
    summary: 'Your balance: available to withdraw, and held by withdrawals under way',
    handler: async (request) => ok(await merchantBalance(deps, callerOf(request))),
  });

  route(app, calls.apiResendCallback, {
    tags,
    summary: "Send an order's callback again now, with the order as it stands",
    handler: async (request) => ok(await resendCallback(deps, callerOf(request).merchantId, request.body.merchantOrderNo)),
  });
}
