/**
 * A client generated from /docs/json, as a third party would make one (openapi-typescript), gets
 * types a compiler can hold it to: the answer of a call is a union on `code`, and only once the
 * code is checked does `data` have the shape of a login, an order or a refusal.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../../test/harness';

/** What a client does with the success and the refusals of logging in, selling cards and withdrawing. */
const EXAMPLE = `
import type { paths } from './maika-api';

type Post<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;
type BodyOf<P extends keyof paths> = Post<P> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type AnswerOf<P extends keyof paths> = Post<P> extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;

declare function post<P extends keyof paths>(path: P, body: BodyOf<P>): Promise<AnswerOf<P>>;

export async function logIn(phone: string, code: string): Promise<string> {
  const answer = await post('/api/Authentication/smsLogin', { phone, code });
  // @ts-expect-error the token is there only once the code says the login worked
  void answer.data.token;
  if (answer.code === 200) return answer.data.token;
  if (answer.code === 1001) return 'fix ' + answer.data.field;
  return answer.msg;
}

export async function sell(goodsId: number, cardNo: string, cardPwd: string): Promise<string> {
  const body = { goodsId, faceValueFen: 10000, cards: [{ cardNo, cardPwd }], idempotencyKey: 'k1', agree: true as const };
  const answer = await post('/api/order/submit', body);
  if (answer.code === 200) return 'order ' + answer.data.orderNo;
  if (answer.code === 1701) return answer.data.lines.map((line) => line.index + 1 + ' ' + line.field + ': ' + line.reason).join('; ');
  if (answer.code === 1001) return 'fix ' + answer.data.field;
  return answer.msg;
}

export async function withdraw(payeeId: number): Promise<number | string> {
  const answer = await post('/api/cash/extract', { amountFen: 10000, channel: 1, payeeId, idempotencyKey: 'k2' });
  if (answer.code === 200) return answer.data.withdrawal.id;
  if (answer.code === 1605) {
    // @ts-expect-error a refusal for want of balance carries no data, only its message
    void answer.data.available;
    return answer.msg;
  }
  if (answer.code === 1001) return 'fix ' + answer.data.field;
  return answer.msg;
}
`;

describe('a client generated from the OpenAPI document', () => {
  it('compiles a login, a sale and a withdrawal that tell success from each refusal by code', async () => {
    const server = await createTestServer();
    const document = (await server.app.inject({ url: '/docs/json' })).json();
    const dir = mkdtempSync(join(tmpdir(), 'maika-client-'));
    writeFileSync(join(dir, 'maika-api.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(dir, 'example.ts'), EXAMPLE);
    const program = ts.createProgram([join(dir, 'example.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  });
});
