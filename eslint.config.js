import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { registeredName } from './scripts/eslint/registeredName.mjs';

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
  {
    // Server layering: no import cycles, and a module is entered only through its index.ts.
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads no .ts file it follows, and finds no cycle at all.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
