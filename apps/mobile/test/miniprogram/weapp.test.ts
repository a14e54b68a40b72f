/**
 * The WeChat build as WeChat's own tools see it: every stylesheet through wcsc, every template
 * through wcc and rendered, every script parsable by the oldest clients, and the app.json and
 * project settings WeChat's code-quality scan asks for.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@/routes';
import { filesUnder, builtDir, repoRoot } from './build';
import { buildScriptProblems } from './scripts';
import { compileWxml, wcscError } from './wechatTools';

let dist = '';
let files: string[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'maika-wxss-'));

beforeAll(() => {
  dist = builtDir('weapp');
  files = filesUnder(dist);
}, 900_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('the WeChat build', () => {
  it('compiles every stylesheet with wcsc without an error', () => {
    const stylesheets = files.filter((file) => file.endsWith('.wxss'));
    expect(stylesheets).toContain('common.wxss');
    expect(wcscError(dist, stylesheets)).toBeNull();
  });

  it('fails the stylesheet check on a selector that starts with a pseudo-class, as the rich-text styles once had', () => {
    copyFileSync(path.join(dist, 'common.wxss'), path.join(scratch, 'common.wxss'));
    expect(wcscError(scratch, ['common.wxss'])).toBeNull();
    writeFileSync(
      path.join(scratch, 'common.wxss'),
      `${readFileSync(path.join(dist, 'common.wxss'), 'utf8')}\n.rich-text > :first-child{margin-top:0}`,
    );
    expect(wcscError(scratch, ['common.wxss'])).toMatch(/common\.wxss\(\d+:\d+\): error at token `?:/);
  });

  it('compiles every template with wcc and renders the template of every page', () => {
    const templates = files.filter((file) => file.endsWith('.wxml'));
    const render = compileWxml(
      dist,
      templates,
      files.filter((file) => file.endsWith('.wxs')),
    );
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) {
      const renderer = render(`${route.path}.wxml`);
      expect(renderer, route.path).toBeTypeOf('function');
      expect(renderer!({ root: { cn: [] } }), route.path).toMatchObject({ tag: 'wx-page', children: [] });
    }
  });

  it('has only scripts the oldest WeChat clients can parse and run: ES2019, no BigInt', () => {
    const { scripts, problems } = buildScriptProblems(dist);
    expect(scripts).toBeGreaterThanOrEqual(routes.length);
    expect(problems).toEqual([]);
  });

  it('loads components lazily and names a sitemap that is in the build', () => {
    const app = readJson(path.join(dist, 'app.json'));
    expect(app.lazyCodeLoading).toBe('requiredComponents');
    expect(app.sitemapLocation).toBe('sitemap.json');
    const sitemap = readJson(path.join(dist, 'sitemap.json'));
    expect(sitemap.rules).toEqual(expect.arrayContaining([{ action: 'disallow', page: '*' }]));
  });

  it('asks WeChat to minify scripts, styles and templates when it packages the app', () => {
    const project = readJson(path.join(repoRoot, 'apps', 'mobile', 'project.config.json'));
    expect(project.setting).toMatchObject({ minified: true, minifyWXSS: true, minifyWXML: true });
    expect(existsSync(path.join(dist, 'project.config.json'))).toBe(true);
  });
});
