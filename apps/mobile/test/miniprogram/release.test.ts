/** The release build commands refuse, before building anything, what a vendor would reject. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './build';

const script = path.join(repoRoot, 'scripts', 'build-mini-release.mjs');

function release(target: string, env: Record<string, string>) {
  const { TARO_APP_API_HOST: _host, WECHAT_MINI_APP_ID: _wechat, ALIPAY_MINI_APP_ID: _alipay, ...outside } = process.env;
  const run = spawnSync(process.execPath, [script, target], { cwd: repoRoot, env: { ...outside, ...env }, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

/** What the script's own check says of an environment, without building. */
function problems(target: string, env: Record<string, string>): string[] {
  const code = `import('${script}').then((m) => console.log(JSON.stringify(m.releaseProblems(${JSON.stringify(target)}, ${JSON.stringify(env)}))))`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: repoRoot, encoding: 'utf8' });
  return JSON.parse(run.stdout) as string[];
}

describe('mini-program release builds', () => {
  it('refuse a WeChat release without an API host and an app id, naming both', () => {
    const run = release('weapp', {});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('TARO_APP_API_HOST is not set');
    expect(run.stderr).toContain('WECHAT_MINI_APP_ID is not set');
  });

  it('refuse an http or local API host and an app id of the wrong shape', () => {
    const run = release('alipay', { TARO_APP_API_HOST: 'http://maika.example.com', ALIPAY_MINI_APP_ID: 'wx0123456789abcdef' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/TARO_APP_API_HOST "http:\/\/maika.example.com" must use https/);
    expect(run.stderr).toMatch(/ALIPAY_MINI_APP_ID "wx0123456789abcdef" is not an app id/);
    expect(problems('weapp', { TARO_APP_API_HOST: 'https://127.0.0.1:8443', WECHAT_MINI_APP_ID: 'wx0123456789abcdef' })).toEqual([
      expect.stringContaining('local or private address'),
    ]);
    expect(problems('weapp', { TARO_APP_API_HOST: 'https://maika.example.com/api/', WECHAT_MINI_APP_ID: 'wx0123456789abcdef' })).toEqual([
      expect.stringContaining('origin only'),
    ]);
  });

  it('accept an https host with real app ids', () => {
    expect(problems('weapp', { TARO_APP_API_HOST: 'https://maika.example.com', WECHAT_MINI_APP_ID: 'wx0123456789abcdef' })).toEqual([]);
    expect(problems('alipay', { TARO_APP_API_HOST: 'https://maika.example.com:8443', ALIPAY_MINI_APP_ID: '2021001234567890' })).toEqual([]);
  });

  it('refuse a target that is not a mini-program', () => {
    expect(release('h5', {}).stderr).toContain('unknown target "h5"');
  });
});
