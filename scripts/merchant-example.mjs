#!/usr/bin/env node
/**
 * A merchant's side of the merchant API, runnable against the demo (README.md "Merchant API"):
 * it signs each request, submits an order of cards, polls it until every card is decided, and
 * receives our signed callback on a local port, checking the signature before it answers 200.
 *
 *   MAIKA_KEY_ID=mk_… MAIKA_SECRET=… node scripts/merchant-example.mjs
 *   node scripts/merchant-example.mjs --key mk_… --secret … [--base http://127.0.0.1:8080] [--port 8787]
 *     [--goods <card type id>] [--face <face value in fen>] [--cards 2] [--timeout 180]
 *
 * Only Node's own modules: copy `sign` and `verifyCallback` into your own system.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    key: { type: 'string' },
    secret: { type: 'string' },
    base: { type: 'string' },
    port: { type: 'string' },
    goods: { type: 'string' },
    face: { type: 'string' },
    cards: { type: 'string' },
    timeout: { type: 'string' },
  },
});

const keyId = args.key ?? process.env.MAIKA_KEY_ID ?? '';
const secret = args.secret ?? process.env.MAIKA_SECRET ?? '';
const base = (args.base ?? process.env.MAIKA_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const callbackPort = Number(args.port ?? process.env.CALLBACK_PORT ?? 8787);
const cardCount = Number(args.cards ?? process.env.MAIKA_CARDS ?? 2);
const timeoutMs = Number(args.timeout ?? process.env.MAIKA_TIMEOUT_SECONDS ?? 180) * 1000;
/** How far a callback's timestamp may be from our clock, as the API allows for requests. */
const clockSkewSeconds = 300;

if (!keyId || !secret) {
  console.error(
    'Give the key id and secret the app showed when you created the key (person tab → Merchant API):\n' +
      '  MAIKA_KEY_ID=mk_… MAIKA_SECRET=… node scripts/merchant-example.mjs',
  );
  process.exit(2);
}

const step = (text) => console.log(`\n== ${text}`);
const sha256Hex = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * The signature of one request or callback: lowercase hex HMAC-SHA256 with the secret over
 * METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\nhex(SHA-256(body)), the body's exact bytes ('' when none).
 */
function sign({ method, pathWithQuery, timestamp, nonce, body }) {
  const text = [method.toUpperCase(), pathWithQuery, timestamp, nonce, sha256Hex(body)].join('\n');
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** A signed call to /api/merchant/v1/…: a fresh timestamp and nonce every time, retries included. */
async function call(method, pathWithQuery, payload) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const headers = {
    'X-Maika-Key': keyId,
    'X-Maika-Timestamp': timestamp,
    'X-Maika-Nonce': nonce,
    'X-Maika-Signature': sign({ method, pathWithQuery, timestamp, nonce, body }),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  const response = await fetch(`${base}${pathWithQuery}`, { method, headers, body: body || undefined });
  const envelope = await response.json();
  if (envelope.code !== 200) throw new Error(`${method} ${pathWithQuery} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

/** True when a callback carries our signature, made with this key within the allowed clock skew. */
function verifyCallback(request, body) {
  const header = (name) => String(request.headers[name.toLowerCase()] ?? '');
  const timestamp = header('X-Maika-Timestamp');
  const nonce = header('X-Maika-Nonce');
  // We sign callbacks with the merchant's newest key: run this with that one.
  if (header('X-Maika-Key') !== keyId) return `signed with ${header('X-Maika-Key')}, not ${keyId}: use your newest key`;
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > clockSkewSeconds) return 'timestamp too far off';
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return 'bad nonce';
  if (seenNonces.has(nonce)) return 'nonce seen before';
  const expected = Buffer.from(sign({ method: request.method, pathWithQuery: request.url, timestamp, nonce, body }), 'hex');
  const given = Buffer.from(header('X-Maika-Signature'), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature does not match';
  seenNonces.add(nonce);
  return null;
}
const seenNonces = new Set();

/** A card the demo's simulated channel passes: its password ends in none of the simulator's special endings. */
function demoCard(item, index) {
  const make = (rule, last) => {
    const length = rule.length || 16;
    const letters = rule.ruleType === 2;
    const alphabet = letters ? 'ABCDEFGHJKLMNPQRSTUVWXYZ' : '0123456789';
    let text = '';
    for (const byte of randomBytes(length - 1)) text += alphabet[byte % alphabet.length];
    return text + (letters ? 'K' : last);
  };
  return { ...(item.needsCardNo ? { cardNo: make(item.cardNoRule, String(index % 10)) } : {}), cardPwd: make(item.pwdRule, '7') };
}

const settled = (card) => card.status === 2 || card.status === 3 || (card.status === 1 && card.settlementStatus === 2);

// ------------------------------------------------------------------------------------------------
// 1. Our receiver for the callbacks: started first, so the order can name it.

const callbacks = [];
const receiver = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    const problem = verifyCallback(request, body);
    if (problem) {
      console.log(`callback refused (${problem})`);
      response.writeHead(401).end(problem);
      return;
    }
    const payload = JSON.parse(body.toString('utf8'));
    callbacks.push(payload);
    console.log(`callback received and its signature verified: ${JSON.stringify(payload)}`);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
await new Promise((resolve) => receiver.listen(callbackPort, '127.0.0.1', resolve));
const notifyUrl = `http://127.0.0.1:${callbackPort}/maika/callback`;
step(`Listening for callbacks on ${notifyUrl}`);

try {
  // 2. What we can sell, at our rates.
  step('GET /api/merchant/v1/catalogue');
  const { list } = await call('GET', '/api/merchant/v1/catalogue');
  const goodsId = args.goods ? Number(args.goods) : undefined;
  const item = list.find((entry) => (goodsId ? entry.goodsId === goodsId : !entry.maintenance && entry.faceValues.length > 0));
  if (!item) throw new Error(goodsId ? `card type ${goodsId} is not in the catalogue` : 'no card type on sale');
  // The smallest face value unless told: a demo needs no large sums.
  const byValue = [...item.faceValues].sort((a, b) => a.faceValueFen - b.faceValueFen);
  const face = byValue.find((entry) => (args.face ? entry.faceValueFen === Number(args.face) : true));
  if (!face) throw new Error(`${item.name} has no face value ${args.face}`);
  console.log(`${list.length} card types; selling ${item.name} (#${item.goodsId}) at ${face.faceValueFen} fen, rate ${face.rateBp} bp`);

  // 3. The order: its number is ours, so a retry with the same body is answered, not doubled.
  const merchantOrderNo = `EX${Date.now()}`;
  const order = {
    merchantOrderNo,
    goodsId: item.goodsId,
    faceValueFen: face.faceValueFen,
    cards: Array.from({ length: cardCount }, (_, index) => demoCard(item, index)),
    notifyUrl,
  };
  step(`POST /api/merchant/v1/orders (${merchantOrderNo}, ${cardCount} cards)`);
  const created = await call('POST', '/api/merchant/v1/orders', order);
  console.log(`order ${created.orderNo}: ${created.cards.map((card) => `#${card.index} ${card.cardNo} status ${card.status}`).join(', ')}`);

  // 4. Poll until every card is decided and credited (or rejected), and a callback came.
  step(`GET /api/merchant/v1/orders/${merchantOrderNo} until every card is settled and a callback arrived`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await call('GET', `/api/merchant/v1/orders/${merchantOrderNo}`);
    const line = current.cards.map((card) => `#${card.index} status ${card.status}/${card.settlementStatus} ${card.amountFen ?? '-'} fen`);
    console.log(line.join(', '));
    if (current.cards.every(settled) && callbacks.length > 0) break;
    if (Date.now() > deadline) throw new Error('gave up waiting: a card may be in manual review, or no callback arrived');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }

  step('GET /api/merchant/v1/balance');
  const balance = await call('GET', '/api/merchant/v1/balance');
  console.log(`available ${balance.availableFen} fen, held ${balance.heldFen} fen`);
  step(`Done: ${callbacks.length} signed callback(s) received`);
} catch (error) {
  console.error(`\nFailed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  receiver.close();
  receiver.closeAllConnections();
}
