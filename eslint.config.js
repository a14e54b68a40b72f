import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { registeredName } from './scripts/eslint/registeredName.mjs';

/**
 * No import cycles between files, type-only imports included: a type cycle ties two files
 * together as surely as a value one. import-x's no-cycle skips `import type` and has no option
 * to count it, so this rule is that rule given every type import as a value import: the linted
 * file's own (its nodes), and those of every file it follows (the parser it reads them with).
 */
const withValueKind = (node, kind) => ({
  ...node,
  [kind]: 'value',
  ...(node.specifiers && { specifiers: node.specifiers.map((s) => ({ ...s, [kind]: 'value' })) }),
});
/** The same statement with every `type` import or re-export counted as a value one (a copy: other rules see the original). */
const asValueImport = (node) => {
  if (node.type === 'ImportDeclaration' || node.type === 'TSImportEqualsDeclaration') return withValueKind(node, 'importKind');
  if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source)
    return withValueKind(node, 'exportKind');
  return node;
};

const typeImportsAsValues = {
  meta: { name: 'type-imports-as-values' },
  parseForESLint(code, options) {
    const parsed = tseslint.parser.parseForESLint(code, options);
    parsed.ast.body = parsed.ast.body.map(asValueImport);
    return parsed;
  },
};

const noCycle = importX.rules['no-cycle'];
const layering = {
  rules: {
    'no-cycle': {
      meta: noCycle.meta,
      create(context) {
        const counting = Object.create(context, {
          languageOptions: { value: { ...context.languageOptions, parser: typeImportsAsValues } },
        });
        const listeners = noCycle.create(counting);
        return Object.fromEntries(Object.entries(listeners).map(([selector, listen]) => [selector, (node) => listen(asValueImport(node))]));
      },
    },
  },
};

/** Each workspace resolves its imports by its own tsconfig (the mobile app's `@/` paths). */
const cycleChecks = [
  ['apps/server', '**/*.ts'],
  ['apps/admin', '**/*.{ts,tsx}'],
  ['apps/mobile', '**/*.{ts,tsx}'],
  ['packages/shared', '**/*.ts'],
].map(([workspace, files]) => ({
  files: [`${workspace}/${files}`],
  plugins: { layering },
  settings: {
    // Without these import-x reads no .ts file it follows, and finds no cycle at all.
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${workspace}/tsconfig.json` })],
  },
  rules: { 'layering/no-cycle': ['error', { ignoreExternal: true }] },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Money is integer fen; a float parse of an amount is always a bug.
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Money is integer fen: use parseYuanToFen.' }],
      'no-restricted-properties': [
        'error',
        { object: 'Number', property: 'parseFloat', message: 'Money is integer fen: use parseYuanToFen.' },
      ],
    },
  },
  ...cycleChecks,
  {
    // Floors: HTTP plumbing, pg-boss and the outside services know no module. What joins them to
    // the modules sits beside app.ts (routes.ts, h5Page.ts, workers.ts, server.ts).
    files: ['apps/server/src/{http,jobs,providers}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules|app|server|routes|h5Page|workers)(/|$)',
              message: 'http/, jobs/ and providers/ know no module: wire modules in beside app.ts (routes.ts, h5Page.ts, workers.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?!index$).+',
              message: 'Another module is entered through its index: import from "../<module>".',
            },
          ],
        },
      ],
    },
  },
  {
    // A route plugin's default export has the name its module's index.ts registers it under.
    files: ['apps/server/src/**/*.ts'],
    plugins: { maika: { rules: { 'registered-name': registeredName } } },
    rules: { 'maika/registered-name': 'error' },
  },
  {
    // Build tool configs (babel, Taro plugins) are CommonJS run by Node.
    files: ['apps/mobile/babel.config.js', 'apps/mobile/config/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'apps/mobile/test/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
