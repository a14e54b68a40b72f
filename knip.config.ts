/**
 * `npx knip` (part of `npm run lint`): files nothing imports and exports nobody uses, per workspace.
 * Entries are what starts something: the server's processes, the console's page, the mobile app's
 * pages, the scripts, the tests. Anything reported is dead: delete it, or name here the entry that
 * knip cannot see (a file loaded by path, by a build tool or by the platform).
 */
import type { KnipConfig } from 'knip';
import { routes } from './apps/mobile/src/routes';

/** Taro builds each page of the route table (app.config.ts lists them from it), with its page config. */
const mobilePages = routes.flatMap((route) => [`src/${route.path}.tsx!`, `src/${route.path}.config.ts!`]);

const config: KnipConfig = {
  workspaces: {
    '.': {
      // The scripts npm runs, and the bench pieces run by hand or spawned by path (README "Measured").
      entry: ['scripts/*.mjs!', 'scripts/bench/*.{mjs,ts}!'],
      project: ['scripts/**/*.{mjs,ts}!', '*.{js,ts}'],
    },
    'apps/server': {
      // The processes scripts/build-server.mjs compiles (knip finds src/main.ts in `npm start`); test/ helpers are reached from the tests.
      entry: ['src/cli/*.ts!', 'src/**/*.test.ts', 'test/**/*.test.ts', 'test/{builds,globalSetup}.ts'],
      project: ['src/**/*.ts!', 'test/**/*.ts'],
    },
    'apps/admin': {
      entry: ['src/**/*.test.{ts,tsx}'],
      project: ['src/**/*.{ts,tsx}!'],
    },
    'apps/mobile': {
      entry: [
        'src/app.tsx!',
        'src/app.config.ts!',
        ...mobilePages,
        // The custom tab bar each mini-program loads by its folder name (WeChat and Alipay).
        'src/{custom-tab-bar,customize-tab-bar}/index.{tsx,config.ts}!',
        // Taro's H5 build resolves `x.h5.ts` in place of `x.ts` wherever `x` is imported.
        'src/**/*.h5.{ts,tsx}!',
        'config/index.ts!',
        // Loaded by path: babel.config.js's plugins (some only for H5 or the mini-programs).
        'config/babel-plugin-*.js!',
        // Loaded by path: config/index.ts gives them to Taro's H5 entry in place of components-react's
        // stylesheet and @tarojs/components' global one.
        'src/platform/{taroComponents,taroGlobal}.h5.scss!',
        // Prepended to every stylesheet by the sass `resource` option of config/index.ts.
        'src/styles/{tokens,mixins}.scss!',
        'src/**/*.test.ts',
        'test/**/*.test.ts',
        // Run by path from wechatCi.test.ts, in a process of its own.
        'test/miniprogram/wechatCi.mjs',
      ],
      project: ['src/**/*.{ts,tsx,scss,sass}!', 'config/**/*.{ts,js}!', 'test/**/*.{ts,mjs}'],
    },
    'packages/shared': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts!'],
    },
    e2e: {
      entry: ['*.test.ts'],
      project: ['**/*.ts'],
    },
  },
  // An export its own file uses is that file's interface (a signature's types, a constant a test reads through it).
  ignoreExportsUsedInFile: true,
  rules: {
    files: 'error',
    exports: 'error',
    types: 'error',
    nsExports: 'error',
    nsTypes: 'error',
    duplicates: 'error',
    // Code only: package.json is not judged here (Taro loads its presets and platform plugins by name at build time).
    dependencies: 'off',
    devDependencies: 'off',
    optionalPeerDependencies: 'off',
    unlisted: 'off',
    binaries: 'off',
    unresolved: 'error',
    enumMembers: 'off',
  },
};

export default config;
