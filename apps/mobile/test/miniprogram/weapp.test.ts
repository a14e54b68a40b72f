/**
 * The WeChat build as WeChat's own tools see it: every stylesheet through wcsc, every template
 * through wcc and rendered, every script parsable by the oldest clients, and the app.json and
 * project settings WeChat's code-quality scan asks for.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeByName, routes, tabRoutes } from '@/routes';
import { appPages, builtDir, filesUnder, repoRoot, subPackageRoots, type AppPages } from './build';
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

  it('keeps the tab pages and the login page in the main package and every other page in a subpackage at its own path', () => {
    const app = readJson(path.join(dist, 'app.json')) as unknown as AppPages;
    expect(app.pages).toEqual([...tabRoutes.map((route) => route.path), routeByName('login').path]);
    expect(appPages(app).sort()).toEqual(routes.map((route) => route.path).sort());
    for (const sub of app.subPackages ?? []) expect(sub.pages, sub.root).toHaveLength(1);
  });

  it('leaves the QR code encoder, which only the invite poster and real-name pages use, out of the main package', () => {
    const roots = subPackageRoots(readJson(path.join(dist, 'app.json')) as unknown as AppPages);
    const holdingEncoder = files
      .filter((file) => file.endsWith('.js'))
      .filter((file) => readFileSync(path.join(dist, file), 'utf8').includes('BitMatrix size must be defined'));
    expect(holdingEncoder.length).toBeGreaterThan(0);
    expect(holdingEncoder.filter((file) => !roots.some((root) => file.startsWith(root)))).toEqual([]);
  });
});
