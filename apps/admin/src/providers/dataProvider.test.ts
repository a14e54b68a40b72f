// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialLocale, makeI18nProvider } from '../i18n';
import { ApiError, tokenStore } from './api';
import { authProvider } from './authProvider';
import { dataProvider, filtersToQuery } from './dataProvider';

/** A local stand-in for the admin API: answers by path, and remembers what it was sent. */
interface Seen {
  method: string;
  url: URL;
  authorization?: string;
  body: unknown;
}
const seen: Seen[] = [];
const answers = new Map<string, { status?: number; body: unknown }>();
let server: Server;
let origin = '';
const realFetch = globalThis.fetch;

const readBody = (request: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text ? JSON.parse(text) : undefined));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    seen.push({ method: request.method ?? '', url, authorization: request.headers.authorization, body: await readBody(request) });
    const answer = answers.get(`${request.method} ${url.pathname}`) ?? { body: { code: 200, msg: 'ok', data: null } };
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The console calls its own origin with relative paths; here that origin is the local server.
  globalThis.fetch = (input, init) => realFetch(`${origin}${String(input)}`, init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  seen.length = 0;
  answers.clear();
  localStorage.clear();
});

describe('dataProvider over the {code,msg,data} envelope', () => {
  it('turns a {list,total} page into refine rows and sends paging, filters and the bearer token', async () => {
    tokenStore.set('tok-1');
    answers.set('GET /api/admin/withdrawals', { body: { code: 200, msg: 'ok', data: { list: [{ id: 7, amountFen: 12345 }], total: 41 } } });
    const result = await dataProvider.getList({
      resource: 'withdrawals',
      pagination: { currentPage: 3, pageSize: 20 },
      filters: [
        { field: 'status', operator: 'eq', value: 0 },
        { field: 'phone', operator: 'eq', value: '' },
        { field: 'createdAt', operator: 'gte', value: '2026-01-01T00:00:00.000Z' },
      ],
    });
    expect(result).toEqual({ data: [{ id: 7, amountFen: 12345 }], total: 41 });
    const call = seen[0]!;
    expect(call.authorization).toBe('Bearer tok-1');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ page: '3', pageSize: '20', status: '0', from: '2026-01-01T00:00:00.000Z' });
  });

  it('counts a bare array answer as the whole list', async () => {
    answers.set('GET /api/admin/admins', { body: { code: 200, msg: 'ok', data: [{ id: 1 }, { id: 2 }] } });
    expect(await dataProvider.getList({ resource: 'admins', pagination: { mode: 'off' } })).toEqual({
      data: [{ id: 1 }, { id: 2 }],
      total: 2,
    });
    expect(seen[0]!.url.search).toBe('');
  });

  it('reads one record, and sends creates and updates as JSON with their verbs', async () => {
    answers.set('GET /api/admin/withdrawals/9', { body: { code: 200, msg: 'ok', data: { id: 9 } } });
    expect(await dataProvider.getOne({ resource: 'withdrawals', id: 9 })).toEqual({ data: { id: 9 } });
    await dataProvider.create({ resource: 'content/faq', variables: { question: 'q', answer: 'a' } });
    await dataProvider.update({ resource: 'admins', id: 4, variables: { disabled: true }, meta: { method: 'PATCH' } });
    expect(seen.slice(1).map((s) => [s.method, s.url.pathname, s.body])).toEqual([
      ['POST', '/api/admin/content/faq', { question: 'q', answer: 'a' }],
      ['PATCH', '/api/admin/admins/4', { disabled: true }],
    ]);
  });

  it("takes a contract resource's paths from its entries and never calls one the contract does not declare", async () => {
    await dataProvider.update({ resource: 'categories', id: 12, variables: { enabled: false } });
    await dataProvider.getOne({ resource: 'feedback', id: 3 });
    expect(seen.map((s) => [s.method, s.url.pathname])).toEqual([
      ['PUT', '/api/admin/categories/12'],
      ['GET', '/api/admin/feedback/3'],
    ]);
    await expect(dataProvider.deleteOne({ resource: 'categories', id: 12 })).rejects.toThrow(
      'DELETE /api/admin/categories/:id is not a call of the API contract',
    );
    expect(seen).toHaveLength(2);
  });

  it('runs an action through custom with its body', async () => {
    answers.set('POST /api/admin/cards/5/approve', { body: { code: 200, msg: 'ok', data: { id: 5, status: 1 } } });
    const result = await dataProvider.custom!({ url: 'cards/5/approve', method: 'post', payload: { actualFaceValueFen: 5000 } });
    expect(result.data).toEqual({ id: 5, status: 1 });
    expect(seen[0]!.body).toEqual({ actualFaceValueFen: 5000 });
  });

  it("rejects with the server's message and code when the code is not 200", async () => {
    answers.set('POST /api/admin/withdrawals/3/approve', { body: { code: 1703, msg: '需要另一位财务审批', data: null } });
    const failure = dataProvider.custom!({ url: 'withdrawals/3/approve', method: 'post' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: '需要另一位财务审批', statusCode: 1703 });
  });

  it("names a refused field in the reader's language, not by its key in the request", async () => {
    const refusal = (reason: string, field = 'image') => ({ body: { code: 1001, msg: `${field}: ${reason}`, data: { field, reason } } });
    try {
      makeI18nProvider('zh-CN', () => undefined);
      answers.set('PUT /api/admin/content/banners/4', refusal('须为已上传图片的路径（请先上传图片）'));
      await expect(dataProvider.custom!({ url: 'content/banners/4', method: 'put' })).rejects.toMatchObject({
        message: '图片：须为已上传图片的路径（请先上传图片）',
        fieldProblem: { field: 'image', reason: '须为已上传图片的路径（请先上传图片）' },
      });
      makeI18nProvider('en-US', () => undefined);
      answers.set('PUT /api/admin/content/foundation', refusal('is not a page path', 'customerServiceUrl.weapp'));
      await expect(dataProvider.custom!({ url: 'content/foundation', method: 'put' })).rejects.toMatchObject({
        message: 'Customer service link · WeChat mini-program: is not a page path',
      });
    } finally {
      makeI18nProvider(initialLocale(), () => undefined);
    }
  });

  it('rejects a transport failure (HTTP 502) without pretending it was an answer', async () => {
    answers.set('GET /api/admin/cards', { status: 502, body: { error: 'bad gateway' } });
    await expect(dataProvider.getList({ resource: 'cards' })).rejects.toMatchObject({ statusCode: 502 });
  });
});

describe('authProvider', () => {
  it('keeps the token of a login and ends the session on 1401', async () => {
    answers.set('POST /api/admin/login', {
      body: { code: 200, msg: 'ok', data: { token: 'tok-2', admin: { id: 1, username: 'amy', role: 'finance' } } },
    });
    expect(await authProvider.login({ username: 'amy', password: 'pw' })).toMatchObject({ success: true });
    expect(tokenStore.get()).toBe('tok-2');
    expect(await authProvider.getPermissions!()).toBe('finance');

    const expired = await authProvider.onError(new ApiError(1401, '请先登录'));
    expect(expired).toMatchObject({ logout: true, redirectTo: '/login' });
    expect(tokenStore.get()).toBeNull();
  });

  it('does not log out on an ordinary refusal such as 1403', async () => {
    tokenStore.set('tok-3');
    expect(await authProvider.onError(new ApiError(1403, '无权限'))).toEqual({});
    expect(tokenStore.get()).toBe('tok-3');
  });

  it('reports a wrong password with the server message', async () => {
    answers.set('POST /api/admin/login', { body: { code: 1404, msg: '用户名或密码错误', data: null } });
    expect(await authProvider.login({ username: 'amy', password: 'bad' })).toMatchObject({
      success: false,
      error: { message: '用户名或密码错误' },
    });
  });

  it('treats a session the server no longer knows as logged out', async () => {
    tokenStore.set('tok-old');
    answers.set('GET /api/admin/me', { body: { code: 1401, msg: '请先登录', data: null } });
    expect(await authProvider.check()).toMatchObject({ authenticated: false, logout: true });
    expect(tokenStore.get()).toBeNull();
  });
});

describe('filtersToQuery', () => {
  it('drops empty values and joins arrays', () => {
    expect(
      filtersToQuery([
        { field: 'ids', operator: 'in', value: [1, 2] },
        { field: 'x', operator: 'eq', value: null },
      ]),
    ).toEqual({ ids: '1,2' });
  });
});
