/**
 * A local HTTP server standing in for the API in unit tests: it records each request as it arrives
 * on the wire and answers with what the test scripted for that path.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The raw body (JSON text, or multipart for uploads). */
  body: string;
}

export type Answer =
  | { envelope: { code: number; msg?: string; data?: unknown } }
  | { status: number; text: string }
  /** Never answers: for time-outs. */
  | { hang: true };

type Script = (request: ReceivedRequest) => Answer;

export interface ApiServer {
  url: string;
  received: ReceivedRequest[];
  /** Requests to one path, in arrival order. */
  receivedAt(path: string): ReceivedRequest[];
  /** Answers requests to `path`; a function answers each request on its own. */
  answer(path: string, script: Answer | Script): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startApiServer(): Promise<ApiServer> {
  const scripts = new Map<string, Script>();
  const received: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    // Uploads go through jsdom's XMLHttpRequest, which applies CORS with credentials.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', 'uuid, token, lang, content-type');
    if (req.method === 'OPTIONS') {
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      };
      received.push(request);
      const script = scripts.get(request.path);
      const answer: Answer = script ? script(request) : { status: 404, text: 'no script for this path' };
      if ('hang' in answer) {
        hanging.add(res);
        return;
      }
      if ('envelope' in answer) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ msg: 'OK', data: null, ...answer.envelope }));
        return;
      }
      res.statusCode = answer.status;
      res.end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    receivedAt: (path) => received.filter((request) => request.path === path),
    answer: (path, script) => scripts.set(path, typeof script === 'function' ? script : () => script),
    reset: () => {
      scripts.clear();
      received.length = 0;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
