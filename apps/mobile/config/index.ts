import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import type { IH5Config } from '@tarojs/taro/types/compile';
import webpack from 'webpack';
import { firstScreen, shared, startLocale, theme } from './shared';
import { tabChunksInIndexHtml } from './tabChunks';

const { BRAND_COLOR, NavBarConfig, RootFontConfig, TabBarConfig } = shared;

const sourceRoot = path.resolve(__dirname, '..', 'src');
const sharedSourceRoot = path.dirname(require.resolve('@maika/shared'));

/** Design drafts (and NutUI) are drawn at 375 px wide; 1 design px is 2 rpx in a mini-program. */
const designWidth = RootFontConfig.baseWidthPx;
const deviceRatio = { 375: 2, 640: 2.34 / 2, 750: 1, 828: 1.81 / 2 };
/** On H5 pxtransform turns 20 design px into 1 rem, so the root font is 20 px at the design width. */
const baseFontSize = 20;

/**
 * Sets the H5 root font from the viewport width, capped at the max width. Taro's own script
 * scales with min(width, height), which shrinks the whole UI on a landscape screen.
 */
const rootFontScript = [
  '(function(){var root=document.documentElement;',
  'function fit(){var width=root.clientWidth||window.innerWidth||',
  `${designWidth};root.style.fontSize=${baseFontSize}*Math.min(width,${RootFontConfig.maxWidthPx})/${designWidth}+'px'}`,
  "fit();window.addEventListener('resize',fit)})();",
].join('');

/** Where the start-locale script goes in index.html once the build knows its chunk files. */
const startLocalePlaceholder = '/*start-locale*/';

/**
 * H5 only: rewrites the built index.html once html-webpack-plugin has written it (it emits at
 * OPTIMIZE_INLINE); the mini-program builds have none.
 */
function rewriteIndexHtml(chain: WebpackChain, name: string, rewrite: (html: string, compilation: webpack.Compilation) => string): void {
  chain.plugin(name).use(
    class RewriteIndexHtml {
      apply(compiler: webpack.Compiler): void {
        compiler.hooks.thisCompilation.tap(name, (compilation) => {
          compilation.hooks.processAssets.tap({ name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE + 1 }, () => {
            const html = compilation.getAsset('index.html');
            if (!html) return;
            compilation.updateAsset('index.html', new webpack.sources.RawSource(rewrite(html.source.source().toString(), compilation)));
          });
        });
      }
    },
  );
}

/**
 * index.html decides the start language before the app's scripts run and, when it is not the
 * default, adds the script of its messages chunk at once, so the chunk arrives beside the entry
 * instead of being asked for after the entry has run (src/i18n/startLocale.ts).
 */
function startLocaleInIndexHtml(chain: WebpackChain): void {
  rewriteIndexHtml(chain, 'start-locale', (source, compilation) => {
    const chunkFiles: Record<string, string> = {};
    for (const locale of shared.locales) {
      const chunk = compilation.namedChunks.get(startLocale.messagesChunkName(locale));
      const file = chunk ? [...chunk.files].find((name) => name.endsWith('.js')) : undefined;
      if (file) chunkFiles[locale] = `/${file}`;
    }
    if (!source.includes(startLocalePlaceholder)) throw new Error('index.html lost the start-locale placeholder');
    return source.replace(startLocalePlaceholder, startLocale.startLocaleScript(chunkFiles));
  });
}

/**
 * Moves index.html's stylesheet links from the head to just after the first screen. In the head they
 * hold the first paint, and the first screen's picker script, until the app's CSS has arrived; in the
 * body they hold only what follows them, and the app draws nothing before its deferred scripts, which
 * wait for them anyway.
 */
function stylesheetsAfterFirstScreen(chain: WebpackChain): void {
  rewriteIndexHtml(chain, 'stylesheets-after-first-screen', (source) => {
    const [head, body] = source.split('</head>') as [string, string];
    const links = head.match(/<link\b[^>]*\brel="stylesheet"[^>]*>/g) ?? [];
    const app = '<div id="app"></div>';
    if (!body.includes(app)) throw new Error('index.html lost its <div id="app">');
    return links.reduce((rest, link) => rest.replace(link, ''), head) + '</head>' + body.replace(app, links.join('') + app);
  });
}

const tanstackLegacyEntry = (pkg: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'build', 'legacy', 'index.js');

type WebpackChain = Parameters<NonNullable<IH5Config['webpackChain']>>[0];

/** Webpack changes every platform needs. */
function adjustWebpack(chain: WebpackChain): void {
  // TanStack Query's modern build uses `#private` fields that the H5 minifier mangles into a blank
  // page; its legacy build has none.
  chain.resolve.alias
    .set('@tanstack/query-core$', tanstackLegacyEntry('@tanstack/query-core'))
    .set('@tanstack/react-query$', tanstackLegacyEntry('@tanstack/react-query'));
  // packages/shared declares nothing about side effects and has none: let webpack skip unused modules.
  chain.module.rule('shared-without-side-effects').test(sharedSourceRoot).set('sideEffects', false);
}

/**
 * H5 only. Taro splits only the initial chunks, so every page chunk carried its own copy of what
 * pages share (Taro's web components, NutUI, the data-loading views): each page cost ~250 KB.
 * Modules used by two or more pages now go into shared chunks, fetched once with the first such page.
 */
function sharePageModules(chain: WebpackChain): void {
  const splitChunks = chain.optimization.get('splitChunks') as Record<string, unknown> | false | undefined;
  if (!splitChunks) return;
  chain.optimization.splitChunks({
    ...splitChunks,
    cacheGroups: {
      ...(splitChunks.cacheGroups as Record<string, unknown>),
      sharedByPages: { chunks: 'async', minChunks: 2, minSize: 8_000, priority: 5, reuseExistingChunk: true },
    },
  });
}

/**
 * Points `request` at `replacement` where a module in a folder matching `importers` (tested with a
 * separator appended, so a pattern can end at the folder) imports it, and nowhere else: a stand-in
 * for what Taro's own modules import, the app's imports untouched.
 */
function replaceImportOf(chain: WebpackChain, name: string, request: RegExp, importers: RegExp, replacement: string): void {
  chain.plugin(name).use(webpack.NormalModuleReplacementPlugin, [
    request,
    (resource: { context: string; request: string }) => {
      if (importers.test(resource.context + path.sep)) resource.request = replacement;
    },
  ]);
}

/** The module Taro's H5 router imports its web-component tab bar from, and the stand-in it gets. */
const taroWebComponents = /^@tarojs\/components\/dist\/components$/;
const taroRouter = /[\\/]@tarojs[\\/]router[\\/]/;
const h5Tabbar = path.join(sourceRoot, 'platform', 'taroTabbar.h5.ts');

/**
 * H5 only. The router imports Taro's web-component tab bar, and with it the web-component runtime,
 * for the tab bar it draws only when the app has none; app.config.ts has its own (`custom: true`),
 * so the router gets an empty definition instead, and no page loads that runtime.
 */
function noRouterTabbar(chain: WebpackChain): void {
  replaceImportOf(chain, 'router-tabbar-h5', taroWebComponents, taroRouter, h5Tabbar);
}

/** The stylesheet Taro's H5 entry imports for @tarojs/components-react, and the one it gets instead. */
const htmlComponentStyles = /^@tarojs\/components-react\/dist\/index\.css$/;
const h5ComponentStyles = path.join(sourceRoot, 'platform', 'taroComponents.h5.scss');

/**
 * H5 only. Taro's entry imports the whole stylesheet of its React components; the app gets the
 * styles of those it draws, without the Button's, which outranked NutUI's buttons (see the file).
 */
function htmlComponentStylesheet(chain: WebpackChain): void {
  chain.plugin('html-component-styles-h5').use(webpack.NormalModuleReplacementPlugin, [htmlComponentStyles, h5ComponentStyles]);
}

/** NutUI's device and window info helpers, Taro's H5 media picker, and the H5 stand-in for both. */
const nutuiSystemInfo = /[\\/]@nutui[\\/]nutui-react-taro[\\/]dist[\\/]es[\\/]utils[\\/]taro[\\/]get-system-info(\.js)?$/;
const taroMediaPicker = /[\\/]@tarojs[\\/]taro-h5[\\/]dist[\\/]api[\\/]media[\\/]video$/;
const h5SystemInfo = path.join(sourceRoot, 'platform', 'nutuiSystemInfo.h5.ts');

/**
 * H5 only. NutUI's PullToRefresh asks for the device's platform, and so does Taro's chooseMedia
 * (behind chooseImage, for the avatar and feedback pictures); Taro's H5 answer parses the user
 * agent with a 42 KB library. The stand-in reads the same facts from the browser directly.
 */
function lightNutuiSystemInfo(chain: WebpackChain): void {
  chain.plugin('nutui-system-info-h5').use(webpack.NormalModuleReplacementPlugin, [
    /get-system-info|base[\\/]system/,
    (resource: { context: string; request: string }) => {
      const fromTaroPicker = taroMediaPicker.test(resource.context) && /^\.\.\/\.\.\/base\/system(\.js)?$/.test(resource.request);
      if (fromTaroPicker || nutuiSystemInfo.test(path.resolve(resource.context, resource.request))) resource.request = h5SystemInfo;
    },
  ]);
}

/** Taro's H5 toast, loading, modal and action sheet, and the app's lighter stand-in for them. */
const taroInteraction = /(^|[\\/])interaction[\\/]index(\.js)?$/;
const taroH5Apis = /[\\/]@tarojs[\\/]taro-h5[\\/]dist[\\/]api[\\/]/;
const h5Interaction = path.join(sourceRoot, 'platform', 'interaction.h5.ts');

/**
 * H5 only. Taro's H5 toast, loading indicator, modal and action sheet carry an icon font and tables
 * of inline styles, all in the entry's script; the stand-in draws the same elements from a
 * stylesheet. Taro's other APIs that show them (the clipboard's toast, the image picker's sheet)
 * get the stand-in too.
 */
function lightInteraction(chain: WebpackChain): void {
  replaceImportOf(chain, 'interaction-h5', taroInteraction, taroH5Apis, h5Interaction);
}

/** Taro's pull-down refresh, which its H5 entry imports for the router, and the stand-in no page reaches. */
const taroPullDownRefresh = /^\.[\\/]components[\\/]pull-down-refresh[\\/]index\.js$/;
const taroHtmlComponents = /[\\/]@tarojs[\\/]components-react[\\/]dist[\\/]$/;
const h5NoPullDownRefresh = path.join(sourceRoot, 'platform', 'noPullDownRefresh.h5.ts');

/**
 * H5 only. Taro's entry hands its pull-down refresh (5.8 KB of script) to the router for pages that
 * turn `enablePullDownRefresh` on; pageConfig.ts turns it off on every page, which draw their own.
 */
function noTaroPullDownRefresh(chain: WebpackChain): void {
  replaceImportOf(chain, 'pull-down-refresh-h5', taroPullDownRefresh, taroHtmlComponents, h5NoPullDownRefresh);
}

/** The global stylesheet Taro's H5 entry injects from the script, and the app's copy of it. */
const taroGlobalStyles = /^@tarojs\/components\/global\.css$/;
const h5GlobalStyles = path.join(sourceRoot, 'platform', 'taroGlobal.h5.scss');

/**
 * H5 only. Taro injects @tarojs/components' global rules with style-loader, whose runtime (about
 * 1.5 KB gzip) came in the entry's script for 500 bytes of CSS; the copy goes into the stylesheet.
 */
function globalStylesInStylesheet(chain: WebpackChain): void {
  chain.plugin('global-styles-h5').use(webpack.NormalModuleReplacementPlugin, [taroGlobalStyles, h5GlobalStyles]);
}

/** Where Taro's H5 router and app events import query-string from, and the stand-in they get. */
const taroQueryStringUsers = /[\\/]@tarojs[\\/](router|taro-h5)[\\/]dist[\\/]/;
const h5QueryString = path.join(sourceRoot, 'platform', 'queryString.h5.ts');

/**
 * H5 only. Taro's router reads page parameters with query-string's `parse`, and nothing else of it;
 * the package and its helpers were about 3 KB gzip of the entry. The stand-in answers the same
 * (platform/queryString.h5.test.ts holds it to the package's answers).
 */
function lightQueryString(chain: WebpackChain): void {
  replaceImportOf(chain, 'query-string-h5', /^query-string$/, taroQueryStringUsers, h5QueryString);
}

/** The polyfills Taro's H5 request imports, and the empty module that stands in for them. */
const builtInPolyfills = ['whatwg-fetch', 'abortcontroller-polyfill/dist/abortcontroller-polyfill-only'];
const h5BuiltIn = path.join(sourceRoot, 'platform', 'builtIn.h5.ts');

/** H5 only. fetch and AbortController are built into every browser the H5 app supports. */
function noBuiltInPolyfills(chain: WebpackChain): void {
  for (const polyfill of builtInPolyfills) chain.resolve.alias.set(`${polyfill}$`, h5BuiltIn);
}

/** Taro's H5 request imports jsonp-retry for its `jsonp` option; the app sends none. */
const h5NoJsonp = path.join(sourceRoot, 'platform', 'noJsonp.h5.ts');

/** H5 only. The JSONP library (about 2 KB gzip in the entry) gives way to a function that refuses. */
function noJsonp(chain: WebpackChain): void {
  chain.resolve.alias.set('jsonp-retry$', h5NoJsonp);
}

/** The web components' stylesheet Taro's H5 runtime imports, and the empty module that stands in for it. */
const webComponentStyles = /^@tarojs\/components\/dist\/taro-components\/taro-components\.css$/;

/**
 * H5 only. Taro's H5 runtime imports the web components' stylesheet even with the HTML components:
 * rules for a `.taro-app-wrap` no element of the app carries and the WeUI icon font of the web
 * components' Icon, which the app does not draw. It came in the entry's script, about 4 KB gzip.
 */
function noWebComponentStylesheet(chain: WebpackChain): void {
  chain.plugin('web-component-styles-h5').use(webpack.NormalModuleReplacementPlugin, [webComponentStyles, h5BuiltIn]);
}

/** Where `ANALYSE=1` H5 builds leave webpack's stats, beside the build (not served). */
const statsFile = path.resolve(__dirname, '..', 'dist', 'h5-stats.json');

/**
 * H5 with ANALYSE=1 only: writes webpack's stats (modules with their chunks, chunks with their
 * files) for scripts/analyse-h5.mjs, which prints what each page's JS is made of.
 */
function writeStats(chain: WebpackChain): void {
  chain.plugin('analyse-stats').use(
    class WriteStats {
      apply(compiler: webpack.Compiler): void {
        compiler.hooks.done.tap('analyse-stats', (stats) => {
          const json = stats.toJson({
            all: false,
            chunks: true,
            chunkOrigins: true,
            ids: true,
            modules: true,
            nestedModules: true,
          });
          writeFileSync(statsFile, JSON.stringify(json));
        });
      }
    },
  );
}

/** Libraries in the mini-program bundle that are published with syntax newer than ES2019. */
const modernLibraries = /node_modules[\\/](@tanstack|zustand|zod|htmlparser2|entities|domhandler|domelementtype)[\\/]/;

/** packages/shared's money module does its arithmetic with BigInt; the mini-programs get moneyMini.ts. */
const sharedMoneyModule = path.join(sharedSourceRoot, 'money');
const miniMoneyModule = path.join(sourceRoot, 'format', 'moneyMini.ts');

/**
 * Mini-programs only. Older WeChat and Alipay clients have no BigInt, and one BigInt literal makes
 * the whole of common.js fail to parse, so every import of the shared money module is pointed at
 * the Number-exact one (test/miniprogram checks the output has no BigInt left).
 */
function adjustMiniWebpack(chain: WebpackChain): void {
  adjustWebpack(chain);
  chain.plugin('mini-program-money').use(webpack.NormalModuleReplacementPlugin, [
    /money/,
    (resource: { context: string; request: string }) => {
      const target = path.resolve(resource.context, resource.request).replace(/\.ts$/, '');
      if (target === sharedMoneyModule) resource.request = miniMoneyModule;
    },
  ]);
}

/** Exposed to SCSS so styles use the same colours and bar sizes as the code. */
const scssConstants = [
  `$brand-color: ${BRAND_COLOR};`,
  `$brand-color-deep: ${theme.brandDeep};`,
  `$page-background: ${theme.pageBackground};`,
  `$text-color-muted: ${theme.textMuted};`,
  `$nav-bar-title-color: ${NavBarConfig.titleColor};`,
  `$nav-bar-max-width: ${NavBarConfig.maxWidthPx}PX;`,
  // PX is physical (pxtransform leaves it alone): the bars are platform chrome and keep their size.
  `$tab-bar-height: ${TabBarConfig.heightPx}PX;`,
  `$tab-bar-selected-color: ${TabBarConfig.selectedColor};`,
].join('\n');

/** The server `npm start` runs, which the mini-program developer tools can reach. */
const localApiHost = 'http://127.0.0.1:8080';

/**
 * The API host the client calls (docs/product.md "API calls"), from TARO_APP_API_HOST in the build
 * environment or an .env file. H5 is served by our own server, so it defaults to the page's own
 * origin. Mini-programs need an absolute https host; without one they point at a local server for
 * the developer tools.
 */
function apiHostFor(platform: string): string {
  const configured = process.env.TARO_APP_API_HOST?.trim();
  if (configured) return configured;
  if (platform === 'h5') return '';
  console.warn(`TARO_APP_API_HOST is not set: the ${platform} build calls ${localApiHost}`);
  return localApiHost;
}

/**
 * The app version Settings shows: this package's version, and the build, the commit it was built
 * from (TARO_APP_BUILD when the release sets one; none outside a git checkout).
 */
const appVersion = (JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
function buildOf(): string {
  const configured = process.env.TARO_APP_BUILD?.trim();
  if (configured) return configured;
  try {
    return execSync('git rev-parse --short HEAD', { cwd: __dirname, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

/**
 * H5 renders with Preact (through preact/compat, so the code is the same React code): React DOM was
 * the largest part of every page's JS. The mini-programs keep React: their size is not the problem,
 * and Preact there has not been tried against WeChat's and Alipay's runtimes.
 */
function frameworkFor(platform: string): 'preact' | 'react' {
  return platform === 'h5' ? 'preact' : 'react';
}

export default defineConfig<'webpack5'>(async () => {
  const platform = process.env.TARO_ENV ?? 'h5';
  const config: UserConfigExport<'webpack5'> = {
    projectName: 'maika',
    designWidth,
    deviceRatio,
    sourceRoot: 'src',
    outputRoot: `dist/${platform}`,
    framework: frameworkFor(platform),
    env: {
      TARO_APP_API_HOST: JSON.stringify(apiHostFor(platform)),
      TARO_APP_VERSION: JSON.stringify(appVersion),
      TARO_APP_BUILD: JSON.stringify(buildOf()),
    },
    compiler: {
      type: 'webpack5',
      // Prebundling crashes `taro build --watch` in this workspace layout.
      prebundle: { enable: false },
    },
    cache: { enable: false },
    // WeChat reads its search-index rules from sitemap.json beside app.json.
    copy: {
      patterns: platform === 'weapp' ? [{ from: 'sitemap.json', to: 'dist/weapp/sitemap.json' }] : [],
      options: {},
    },
    alias: { '@': sourceRoot },
    sass: {
      resource: [path.join(sourceRoot, 'styles', 'tokens.scss'), path.join(sourceRoot, 'styles', 'mixins.scss')],
      data: scssConstants,
    },
    mini: {
      // packages/shared is TypeScript source: compile it like our own code. The libraries ship
      // ES2020 syntax (`??`, `?.`) that older mini-program clients cannot parse: compile them too.
      compile: { include: [sharedSourceRoot, (file: string) => modernLibraries.test(file)] },
      // Pages import NutUI's and our component styles in differing orders; our overrides of NutUI
      // use compound selectors, so the order of the merged stylesheet does not matter (as on H5).
      miniCssExtractPluginOption: { ignoreOrder: true },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false },
      },
      webpackChain: adjustMiniWebpack,
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      compile: { include: [sharedSourceRoot] },
      router: { mode: 'hash' },
      // Taro's H5 components as plain React ones (@tarojs/components-react) instead of web components,
      // whose runtime and definitions every page paid for in script time before its first paint.
      // babel.config.js refuses the components that library does not draw itself.
      useHtmlComponents: true,
      // NutUI's styles are drawn at 375 px like ours; without this H5 skips pxtransform on them, so
      // they would not follow the root font on wider screens while our own styles do.
      esnextModules: ['nutui-react'],
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      htmlPluginOption: { script: rootFontScript + startLocalePlaceholder, firstScreen: firstScreen.firstScreenMarkup() },
      postcss: {
        pxtransform: { enable: true, config: { baseFontSize } },
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false },
      },
      webpackChain: (chain) => {
        adjustWebpack(chain);
        sharePageModules(chain);
        noRouterTabbar(chain);
        htmlComponentStylesheet(chain);
        noWebComponentStylesheet(chain);
        lightNutuiSystemInfo(chain);
        noBuiltInPolyfills(chain);
        noJsonp(chain);
        lightInteraction(chain);
        noTaroPullDownRefresh(chain);
        globalStylesInStylesheet(chain);
        lightQueryString(chain);
        startLocaleInIndexHtml(chain);
        stylesheetsAfterFirstScreen(chain);
        tabChunksInIndexHtml(chain);
        if (process.env.ANALYSE) writeStats(chain);
      },
    },
  };
  return config;
});
