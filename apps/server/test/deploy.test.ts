/**
 * The deployment recipe of deploy/: Debian's nginx with deploy/nginx/maika.conf in front of two
 * compiled production instances on one PostgreSQL, vendors faked at the wire. A user logs in by
 * SMS, browses, sells a card through the HTTP supplier and sees it credited, all through nginx;
 * rate limits see the client's own address; every page and file carries the instances' security
 * headers; signed private-image addresses reach the access log without their signature.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Code } from '@maika/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompiled, waitUntilReady, type CompiledProcess } from './compiled';
import { createTestDatabase, eventually } from './harness';
import { startProductionVendors, type ProductionVendors } from './productionEnv';
import { freePort } from './reliability/cluster';
import { nginxBrotliTool, nginxTool, requireSystemTool } from './systemTools';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP exchange from a chosen loopback address, so nginx sees distinct clients. */
function call(
  base: string,
  path: string,
  o: { method?: string; from?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method: o.method ?? (payload ? 'POST' : 'GET'),
        localAddress: o.from ?? '127.0.0.2',
        agent: false, // a connection per exchange: none is left open when the file ends
        headers: { uuid: 'deploy-device-0001', ...(payload ? { 'content-type': 'application/json' } : {}), ...o.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const api = async (base: string, path: string, o: Parameters<typeof call>[2] = {}) => {
  const answer = await call(base, path, o);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text) as { code: number; msg: string; data: any };
};

/** deploy/nginx/maika.conf as shipped, with this run's ports and checkout put in, inside a minimal nginx.conf. */
function nginxConfig(dir: string, port: number, instances: number[]): string {
  const site = readFileSync(join(repoRoot, 'deploy/nginx/maika.conf'), 'utf8')
    .replace('server 127.0.0.1:8081', `server 127.0.0.1:${instances[0]}`)
    .replace('server 127.0.0.1:8082', `server 127.0.0.1:${instances[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/var/log/nginx/maika.access.log', `${dir}/access.log`)
    .replaceAll('/opt/maika/', repoRoot);
  writeFileSync(join(dir, 'maika.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}load_module ${nginxBrotliTool.path};
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/maika.conf;
}
`,
  );
  return config;
}

describe('the deployment recipe: nginx in front of two production instances', () => {
  const dir = mkdtempSync(join(tmpdir(), 'maika-deploy-'));
  chmodSync(dir, 0o755);
  let vendors: ProductionVendors;
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  const instances: CompiledProcess[] = [];
  let base = '';
  let goodsId = 0;

  beforeAll(async () => {
    requireSystemTool(nginxTool);
    requireSystemTool(nginxBrotliTool);
    const { url, database } = await createTestDatabase();
    vendors = await startProductionVendors(url);
    const [nginxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    base = `http://127.0.0.1:${nginxPort}`;
    const config = nginxConfig(dir, nginxPort, [portA!, portB!]);
    nginx = spawn(nginxTool.path, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout!.on('data', (chunk) => (nginxOutput += chunk));
    nginx.stderr!.on('data', (chunk) => (nginxOutput += chunk));
    await eventually(async () => nginx!.exitCode !== null || existsSync(join(dir, 'nginx.pid')));
    if (nginx.exitCode !== null) throw new Error(`nginx did not start:\n${nginxOutput}${readFileSync(join(dir, 'error.log'), 'utf8')}`);

    const env = { ...vendors.env, PUBLIC_URL: base, TRUST_PROXY: '1', SMS_IP_DAILY_LIMIT: '3', DATA_DIR: join(dir, 'data') };
    for (const port of [portA!, portB!]) instances.push(await startCompiled({ ...env, PORT: String(port) }));
    await Promise.all(instances.map(waitUntilReady));
    await eventually(async () => {
      if (nginx!.exitCode !== null)
        throw new Error(`nginx exited ${nginx!.exitCode}:\n${nginxOutput}${readFileSync(join(dir, 'error.log'), 'utf8')}`);
      return (await call(base, '/healthz').catch(() => undefined))?.status === 200;
    });

    // The catalogue an operator would enter in the console.
    const pool = database.pool;
    const {
      rows: [category],
    } = await pool.query(`insert into categories (name) values ('Supermarket cards') returning id`);
    const {
      rows: [type],
    } = await pool.query(
      `insert into card_types (category_id, name, card_no_rule_type, card_no_length, needs_card_no, pwd_rule_type, pwd_length, physical)
       values ($1, 'Deploy card', 1, 16, true, 1, null, false) returning id`,
      [category.id],
    );
    await pool.query('insert into face_values (card_type_id, face_value_fen, rate_bp) values ($1, 10000, 9500)', [type.id]);
    goodsId = Number(type.id);
    await pool.query(`insert into rich_texts (point, html, version) values (1, '<p>Deploy tip</p>', 1)`);
  }, 240_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await gone;
    }
    await Promise.all(instances.map((i) => i.stop()));
    await vendors?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the H5 app and the admin console from the build, hashed files cached for a year', async () => {
    const index = await call(base, '/');
    expect(index.status, nginxOutput).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const script = /src="\/?(js\/[^"]+\.js)"/.exec(index.text)?.[1] ?? `js/${readdirSync(join(repoRoot, 'apps/mobile/dist/h5/js'))[0]}`;
    const hashed = await call(base, `/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toContain('immutable');
    expect(hashed.headers['content-encoding']).toBe('gzip');
    const admin = await call(base, '/admin/');
    expect(admin.status).toBe(200);
    expect(admin.text).toContain('<div id="root">');
  });

  it('sends the security headers the instances send on the H5 page, the console, a hashed file and a rich-text template', async () => {
    const securityHeaders = (answer: Answer) =>
      Object.fromEntries(
        Object.entries(answer.headers).filter(
          ([name]) => name.startsWith('x-') || name.startsWith('cross-origin-') || securityHeaderNames.includes(name),
        ),
      );
    const securityHeaderNames = ['content-security-policy', 'origin-agent-cluster', 'referrer-policy', 'strict-transport-security'];
    // nginx's policy has no script hashes: the only page with inline scripts comes from the instances.
    const withoutScriptHashes = (headers: Record<string, unknown>) => ({
      ...headers,
      'content-security-policy': String(headers['content-security-policy']).replace(/ 'sha256-[^']+'/g, ''),
    });
    const { 'x-request-id': _requestId, ...fromInstance } = securityHeaders(await call(instances[0]!.url, '/admin/'));
    expect(fromInstance).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
    expect(fromInstance['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(fromInstance['strict-transport-security']).toContain('max-age=31536000');

    const page = await call(base, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    const script = /src="\/?(js\/[^"]+\.js)"/.exec(page.text)![1]!;
    const adminScript = /src="(\/admin\/assets\/[^"]+\.js)"/.exec((await call(base, '/admin/')).text)![1]!;
    for (const path of ['/', '/admin/', '/admin/no-such-page', `/${script}`, adminScript]) {
      const answer = await call(base, path);
      const { 'x-request-id': _id, ...headers } = securityHeaders(answer);
      expect(withoutScriptHashes(headers), path).toEqual(withoutScriptHashes(fromInstance));
    }

    const template = await call(base, '/files/richText/1-1.html');
    expect(template.status).toBe(200);
    expect(template.text).toContain('Deploy tip');
    expect(template.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(template.headers['content-security-policy']).toBe("default-src 'none'; img-src * data:; style-src 'unsafe-inline'");
    expect(template.headers['x-frame-options']).toBe('DENY');
    expect(template.headers['x-content-type-options']).toBe('nosniff');
  });

  it('logs a signed private-image address by its path, without the signature, in nginx and in the instances', async () => {
    const path = '/api/file/private/feedback/2026-01/00000000-0000-0000-0000-000000000000.png';
    await call(base, `${path}?expires=1&signature=deploySignatureNotToLog`);
    await call(base, '/api/Basis/getFoundation?probe=kept');
    const log = await eventually(async () => {
      const text = readFileSync(join(dir, 'access.log'), 'utf8');
      return text.includes('probe=kept') && text;
    });
    expect(log).toContain(`GET ${path} HTTP/1.1`);
    expect(log).not.toContain('deploySignatureNotToLog');
    const instanceLogs = instances.map((i) => i.output()).join('');
    expect(instanceLogs).toContain(`"url":"${path}"`);
    expect(instanceLogs).not.toContain('deploySignatureNotToLog');
  });

  it('compresses API answers with brotli or gzip, as the client accepts', async () => {
    const gzipped = await call(base, '/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gzipped.text).paths['/api/goods/getClassList']).toBeDefined();
    const brotli = await call(base, '/docs/json', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotli.text).paths['/api/goods/getClassList']).toBeDefined();
  });

  it('runs a user journey: SMS login, browse, sell a card through the supplier, see it credited', async () => {
    const phone = '13912340001';
    expect((await api(base, '/api/Authentication/getLoginSms', { body: { phone } })).code).toBe(200);
    const login = await api(base, '/api/Authentication/smsLogin', { body: { phone, code: vendors.codeSentTo(phone) } });
    expect(login.code, login.msg).toBe(200);
    const token = login.data.token as string;

    const classes = await api(base, '/api/goods/getClassList');
    expect(JSON.stringify(classes.data)).toContain('Deploy card');
    const detail = await api(base, `/api/goods/getGoodsDetail?id=${goodsId}`);
    expect(detail.code, detail.msg).toBe(200);

    const cards = [{ cardNo: '6123456789012345', cardPwd: '88776655443322' }];
    const submitted = await api(base, '/api/order/submit', {
      headers: { token },
      body: { goodsId, faceValueFen: 10_000, cards, idempotencyKey: 'deploy-1', agree: true },
    });
    expect(submitted.code, submitted.msg).toBe(200);

    // The supplier got the card from one of the instances, with our public callback address.
    const card = await eventually(async () => [...vendors.supplier.cards.values()][0]);
    expect(card.notifyUrl).toBe(`${base}/api/channel/callback/supplier`);
    vendors.supplier.setVerdict(card.ref, { state: 'passed' });
    const callback = await vendors.supplier.sendCallback(card.ref);
    expect(callback.status).toBe(200);

    const account = await eventually(
      async () => {
        const answer = await api(base, '/api/cash/getAccount', { headers: { token } });
        return answer.data.availableFen > 0 && answer.data;
      },
      { everyMs: 250 },
    );
    expect(account.availableFen).toBe(9500); // 100 yuan at 95 %
  });

  it('counts rate limits per real client address, not per nginx, and ignores a forged X-Forwarded-For', async () => {
    const send = (from: string, phone: string, headers: Record<string, string> = {}) =>
      api(base, '/api/Authentication/getLoginSms', { from, headers, body: { phone } });
    for (let i = 0; i < 3; i += 1) expect((await send('127.0.0.3', `1350000000${i}`)).code).toBe(200);
    expect((await send('127.0.0.3', '13500000009')).code).toBe(Code.SmsIpDailyLimit);
    expect((await send('127.0.0.3', '13500000008', { 'x-forwarded-for': '198.51.100.7' })).code).toBe(Code.SmsIpDailyLimit);
    expect((await send('127.0.0.4', '13500000007', { 'x-forwarded-for': '127.0.0.3' })).code).toBe(200);
  });

  it('spreads requests over both instances', async () => {
    for (let i = 0; i < 6; i += 1) await api(base, '/api/Basis/getFoundation');
    for (const instance of instances) expect(instance.output()).toContain('/api/Basis/getFoundation');
    expect(existsSync(join(dir, 'nginx.pid'))).toBe(true);
  });
});
