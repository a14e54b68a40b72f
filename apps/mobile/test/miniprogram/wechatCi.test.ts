/**
 * The WeChat build through WeChat's own CI tool, offline: the compile an upload runs (app.json and
 * every page JSON against WeChat's schema), its code-quality scan and its code analysis.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@/routes';
import { builtDir } from './build';

interface CiResult {
  compiled: string[] | null;
  compileError: string | null;
  quality: { name: string; success: boolean; text: string; detail?: unknown }[] | null;
  qualityError: string | null;
  analysed: string[] | null;
  analyseError: string | null;
}

const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'wechatCi.mjs');

/** Runs the CI tool over `projectPath` in its own process and answers what it found. */
function runWechatCi(projectPath: string): Promise<CiResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, projectPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`wechatCi.mjs exited ${code} without a result:\n${output}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as CiResult);
    });
  });
}

let dist = '';
const scratch = mkdtempSync(path.join(tmpdir(), 'maika-wechat-ci-build-'));

beforeAll(() => {
  dist = builtDir('weapp');
}, 900_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the WeChat build through WeChat's CI tool", () => {
  it('compiles for upload, passes the code-quality scan and analyses every page', async () => {
    const result = await runWechatCi(dist);
    expect(result.compileError).toBeNull();
    expect(result.compiled).toEqual(expect.arrayContaining(['app.json', 'app.js', 'custom-tab-bar/index.json']));
    for (const route of routes) {
      expect(result.compiled).toEqual(expect.arrayContaining([`${route.path}.json`, `${route.path}.js`, `${route.path}.wxml`]));
    }

    expect(result.qualityError).toBeNull();
    expect(result.quality!.length).toBeGreaterThan(0);
    expect(result.quality!.filter((check) => !check.success)).toEqual([]);
    const sizeCheck = result.quality!.find((check) => check.name === 'PACKAGE_SIZE_LIMIT');
    const mainPackageBytes = (sizeCheck?.detail as { __APP__?: number } | undefined)?.__APP__ ?? 0;
    console.log(`WeChat main package: ${mainPackageBytes} bytes`);
    expect(mainPackageBytes).toBeGreaterThan(0);
    expect(mainPackageBytes).toBeLessThan(1.5 * 1024 * 1024);

    expect(result.analyseError).toBeNull();
    for (const route of routes) expect(result.analysed).toContain(`${route.path}.js`);
  }, 600_000);

  it("fails the compile on a page JSON that breaks WeChat's schema", async () => {
    const broken = path.join(scratch, 'weapp');
    cpSync(dist, broken, { recursive: true });
    const pageJson = path.join(broken, 'pages', 'home', 'home.json');
    const page = JSON.parse(readFileSync(pageJson, 'utf8')) as Record<string, unknown>;
    writeFileSync(pageJson, JSON.stringify({ ...page, navigationBarTitleText: 5, usingComponents: [] }));
    const result = await runWechatCi(broken);
    expect(result.compileError).toMatch(/pages\/home\/home\.json/);
    expect(result.compileError).toMatch(/usingComponents field needs to be object/);
  }, 600_000);
});
