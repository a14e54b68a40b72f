import path from 'node:path';
import { requireWithEsbuild } from '@tarojs/helper';
import type { IH5Config } from '@tarojs/taro/types/compile';
import webpack from 'webpack';
import { firstScreen } from './shared';

type WebpackChain = Parameters<NonNullable<IH5Config['webpackChain']>>[0];

const { tabRoutes } = requireWithEsbuild(path.resolve(__dirname, '..', 'src', 'routes.ts')) as typeof import('../src/routes');

const name = 'tab-chunks';

/**
 * The JS files of each tab page's chunk group, `{tab: ['/js/…']}`: what the router's `load()` of the
 * page (an `import()` of pages/<tab>/<tab> in Taro's app entry) fetches, shared chunks included.
 */
function tabChunkFiles(compilation: webpack.Compilation): Record<string, string[]> {
  const files: Record<string, string[]> = {};
  for (const group of compilation.chunkGroups) {
    const route = tabRoutes.find((tab) => group.origins.some((origin) => origin.request?.replace(/\\/g, '/').endsWith(tab.path)));
    if (!route) continue;
    files[route.name] = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`));
  }
  return files;
}

/**
 * H5 only: index.html's first-screen picker asks for the scripts of the tab page opened at once,
 * beside the entry's, instead of after the entry has run and its router has asked for them (the
 * webpack runtime finds them already loaded, or their script tags loading). The placeholder is in
 * the picker (src/firstScreen.ts); rewritten once html-webpack-plugin has written index.html.
 */
export function tabChunksInIndexHtml(chain: WebpackChain): void {
  chain.plugin(name).use(
    class TabChunksInIndexHtml {
      apply(compiler: webpack.Compiler): void {
        compiler.hooks.thisCompilation.tap(name, (compilation) => {
          compilation.hooks.processAssets.tap({ name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE + 1 }, () => {
            const html = compilation.getAsset('index.html');
            if (!html) return;
            const source = html.source.source().toString();
            if (!source.includes(firstScreen.tabChunksPlaceholder)) throw new Error('index.html lost the tab-chunks placeholder');
            const files = tabChunkFiles(compilation);
            const missing = tabRoutes.filter((tab) => !files[tab.name]?.length);
            if (missing.length > 0) throw new Error(`no chunk found for the tab pages ${missing.map((tab) => tab.name).join(', ')}`);
            compilation.updateAsset(
              'index.html',
              new webpack.sources.RawSource(source.replace(firstScreen.tabChunksPlaceholder, JSON.stringify(files))),
            );
          });
        });
      }
    },
  );
}
