/**
 * The Alipay build against Alipay's documented formats: every template well-formed, every
 * stylesheet parsed, app.json and each page's JSON holding only documented settings, and every
 * script parsable by the oldest clients.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@/routes';
import { acssProblems, alipayJsonProblems, axmlProblems } from './alipayFiles';
import { appPages, builtDir, filesUnder, type AppPages } from './build';
import { buildScriptProblems } from './scripts';

let dist = '';
let files: string[] = [];

beforeAll(() => {
  dist = builtDir('alipay');
  files = filesUnder(dist);
}, 900_000);

const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');

describe('the Alipay build', () => {
  it('has a well-formed template for every page', () => {
    const templates = files.filter((file) => file.endsWith('.axml'));
    for (const route of routes) expect(templates).toContain(`${route.path}.axml`);
    expect(templates.flatMap((file) => axmlProblems(read(file), file))).toEqual([]);
  });

  it('rejects a template with a tag left open or closed twice', () => {
    expect(axmlProblems('<view><text>hi</view>', 'broken.axml')).toEqual([expect.stringContaining('<text> is never closed')]);
    expect(axmlProblems('<view></view></view>', 'broken.axml')).toEqual([expect.stringContaining('match no open tag')]);
  });

  it('has stylesheets that parse, with no selector starting with a pseudo-class', () => {
    const stylesheets = files.filter((file) => file.endsWith('.acss'));
    expect(stylesheets).toEqual(expect.arrayContaining(['app.acss', 'common.acss', 'pages/home/home.acss']));
    expect(stylesheets.flatMap((file) => acssProblems(read(file), file))).toEqual([]);
    expect(acssProblems('.rich-text > :first-child{margin-top:0}', 'broken.acss')).toEqual([
      expect.stringContaining('starts with a pseudo-class'),
    ]);
  });

  it('has an app.json and page settings that match Alipay’s documented schema', () => {
    const app = JSON.parse(read('app.json')) as AppPages;
    expect(alipayJsonProblems(app, 'app', 'app.json')).toEqual([]);
    expect(appPages(app).sort()).toEqual(routes.map((route) => route.path).sort());
    expect(app.subPackages?.length).toBeGreaterThan(0);
    const pageAndComponentJson = files
      .filter((file) => file.endsWith('.json'))
      .filter((file) => files.includes(file.replace(/\.json$/, '.axml')));
    expect(pageAndComponentJson.length).toBeGreaterThanOrEqual(routes.length);
    expect(pageAndComponentJson.flatMap((file) => alipayJsonProblems(JSON.parse(read(file)), 'page', file))).toEqual([]);
  });

  it('fails the schema check on settings Alipay does not know', () => {
    const app = JSON.parse(read('app.json')) as Record<string, unknown>;
    expect(alipayJsonProblems({ ...app, lazyCodeLoading: 'requiredComponents' }, 'app', 'app.json')).toEqual([
      expect.stringContaining('additionalProperty'),
    ]);
    expect(alipayJsonProblems({ navigationBarTitleText: '卖卡' }, 'page', 'page.json')).toEqual([
      expect.stringContaining('navigationBarTitleText'),
    ]);
  });

  it('has only scripts the oldest Alipay clients can parse and run: ES2019, no BigInt', () => {
    const { scripts, problems } = buildScriptProblems(dist);
    expect(scripts).toBeGreaterThanOrEqual(routes.length);
    expect(problems).toEqual([]);
  });
});
