import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** What a test makes a fake vendor answer; 'hang' never answers, to exercise time-outs. */
export type GatewayReply = { status?: number; body: unknown } | 'hang';

export interface FakeGateway<R> {
  url: string;
  /** Every request received, in order, as the vendor parsed it. */
  received: R[];
  /** Overrides the vendor's normal answer for requests that passed its checks. */
  respondWith(responder: (request: R) => GatewayReply | undefined): void;
  close(): Promise<void>;
}

export interface GatewayBehaviour<R> {
  /** Parses the raw exchange as the vendor would. */
  receive(req: IncomingMessage, rawBody: Buffer): R;
  /** The vendor's refusal (bad signature, stale timestamp, ...), or undefined when the request passes. */
  refuse(req: IncomingMessage, rawBody: Buffer, request: R): { status: number; body: unknown } | undefined;
  /** The vendor's normal answer. */
  answer(request: R): { status?: number; body: unknown };
  contentType?: string;
  /** Extra headers of an answer, from its exact text: for vendors that sign answers in headers. */
  responseHeaders?(status: number, text: string): Record<string, string>;
}

/** A request header as vendors read it: the first value when it was sent twice. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A JSON object body; anything else reads as empty, so the vendor's own checks refuse it. */
export function jsonObjectBody(raw: Buffer): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A local HTTP server in the shape of a vendor API: the part every fake vendor shares. */
export async function startFakeGateway<R>(behaviour: GatewayBehaviour<R>): Promise<FakeGateway<R>> {
  const received: R[] = [];
  let responder: (request: R) => GatewayReply | undefined = () => undefined;
  const reply = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': behaviour.contentType ?? 'application/json',
      'content-length': Buffer.byteLength(text),
      ...behaviour.responseHeaders?.(status, text),
    });
    res.end(text);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const rawBody = Buffer.concat(chunks);
      const request = behaviour.receive(req, rawBody);
      received.push(request);
      const refusal = behaviour.refuse(req, rawBody, request);
      if (refusal) return reply(res, refusal.status, refusal.body);
      const configured = responder(request);
      if (configured === 'hang') return;
      const answer = configured ?? behaviour.answer(request);
      reply(res, answer.status ?? 200, answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    respondWith(next) {
      responder = next;
    },
    close() {
      // Hung exchanges would otherwise keep close() waiting forever.
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** Wraps a fake's start so each fake started in a test is closed when that test ends. */
export function closedAfterEach<A extends unknown[], G extends { close(): Promise<void> }>(
  start: (...args: A) => Promise<G>,
): (...args: A) => Promise<G> {
  const started: G[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((fake) => fake.close()));
  });
  return async (...args) => {
    const fake = await start(...args);
    started.push(fake);
    return fake;
  };
}

/** An address on this machine where nothing listens: a vendor that cannot be reached at all. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
