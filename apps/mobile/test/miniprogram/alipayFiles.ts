/**
 * Alipay's CLI (minidev) downloads its builder at run time, so the Alipay build is checked here
 * against Alipay's documented formats instead: templates (.axml) must be well-formed XML, styles
 * (.acss) must parse and avoid the selectors mini-program style compilers reject, and app.json and
 * page JSON may hold only the documented settings.
 */
import Ajv from 'ajv';
import { Parser } from 'htmlparser2';
import postcss from 'postcss';

/** The problems of one .axml template: tags left open, closed twice or closed without opening. */
export function axmlProblems(source: string, name: string): string[] {
  const problems: string[] = [];
  let explicitCloses = 0;
  const parser = new Parser(
    {
      onclosetag(tag, isImplied) {
        // A self-closing tag (`<import src="…"/>`) also ends with an implied close.
        const selfClosing = source.slice(parser.startIndex, parser.endIndex + 1).endsWith('/>');
        if (!isImplied) explicitCloses += 1;
        else if (!selfClosing) problems.push(`${name}: <${tag}> is never closed`);
      },
    },
    { xmlMode: true, recognizeSelfClosing: true },
  );
  parser.write(source);
  parser.end();
  const closingTags = source.match(/<\/[\w:-]+\s*>/g)?.length ?? 0;
  if (closingTags !== explicitCloses) problems.push(`${name}: ${closingTags - explicitCloses} closing tag(s) match no open tag`);
  return problems;
}

/** A compound selector that starts with a pseudo-class or pseudo-element (`> :first-child`, `:hover`). */
const bareSelector = /(^|[\s>+~])::?[\w-]/;

/** The problems of one .acss stylesheet: a parse error, or a selector the platform rejects. */
export function acssProblems(source: string, name: string): string[] {
  let root: postcss.Root;
  try {
    root = postcss.parse(source, { from: name });
  } catch (error) {
    return [`${name}: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  root.walkRules((rule) => {
    for (const selector of rule.selectors) {
      // `:root` alone (NutUI's variables) is the document root; WeChat's wcsc accepts it too.
      if (selector.trim() !== ':root' && bareSelector.test(selector.trim()))
        problems.push(`${name}:${rule.source?.start?.line ?? '?'}: selector "${selector}" starts with a pseudo-class`);
    }
  });
  return problems;
}

const color = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' };

/** The window settings of app.json and page JSON, from Alipay's 全局配置 and 页面配置 documentation. */
const windowProperties = {
  defaultTitle: { type: 'string' },
  pullRefresh: { type: 'boolean' },
  allowsBounceVertical: { enum: ['YES', 'NO'] },
  transparentTitle: { enum: ['always', 'auto', 'none'] },
  titlePenetrate: { enum: ['YES', 'NO'] },
  showTitleLoading: { enum: ['YES', 'NO'] },
  titleImage: { type: 'string' },
  titleBarColor: color,
  backgroundColor: color,
  backgroundImageColor: color,
  backgroundImageUrl: { type: 'string' },
  gestureBack: { enum: ['YES', 'NO'] },
  enableDSL: { type: 'boolean' },
  responsive: { type: 'boolean' },
};

const usingComponents = { type: 'object', additionalProperties: { type: 'string', minLength: 1 } };
const pagePath = { type: 'string', pattern: '^[\\w-]+(/[\\w-]+)*$' };

/** app.json as Alipay documents it (全局配置 app.json). */
export const alipayAppJsonSchema = {
  type: 'object',
  required: ['pages'],
  additionalProperties: false,
  properties: {
    pages: { type: 'array', minItems: 1, uniqueItems: true, items: pagePath },
    window: { type: 'object', additionalProperties: false, properties: windowProperties },
    tabBar: {
      type: 'object',
      additionalProperties: false,
      properties: {
        customize: { type: 'boolean' },
        textColor: color,
        selectedColor: color,
        backgroundColor: color,
        items: {
          type: 'array',
          minItems: 2,
          maxItems: 5,
          items: {
            type: 'object',
            required: ['pagePath', 'name'],
            additionalProperties: false,
            properties: { pagePath, name: { type: 'string', minLength: 1 }, icon: { type: 'string' }, activeIcon: { type: 'string' } },
          },
        },
      },
    },
    subPackages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['root', 'pages'],
        properties: { root: { type: 'string' }, pages: { type: 'array', items: pagePath } },
      },
    },
    preloadRule: { type: 'object' },
    plugins: { type: 'object' },
    usingComponents,
  },
};

/** A page's or component's .json as Alipay documents it (页面配置, 自定义组件). */
export const alipayPageJsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...windowProperties,
    onReachBottomDistance: { type: 'integer', minimum: 0 },
    component: { type: 'boolean' },
    usingComponents,
    styleIsolation: { enum: ['apply-shared', 'shared', 'isolated'] },
    // Not Alipay's: Taro's runtime switch that gives a page its onShareAppMessage, left in the JSON.
    enableShareAppMessage: { type: 'boolean' },
  },
};

const ajv = new Ajv({ allErrors: true });
const validateApp = ajv.compile(alipayAppJsonSchema);
const validatePage = ajv.compile(alipayPageJsonSchema);

/** The schema violations of an app.json (kind 'app') or a page or component .json (kind 'page'). */
export function alipayJsonProblems(json: unknown, kind: 'app' | 'page', name: string): string[] {
  const validate = kind === 'app' ? validateApp : validatePage;
  if (validate(json)) return [];
  return (validate.errors ?? []).map((error) => `${name}${error.dataPath} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}
