import path from 'node:path';
import { requireWithEsbuild } from '@tarojs/helper';

/**
 * Taro compiles config/ through a require hook that covers only this folder, so TypeScript from
 * packages/shared and src/ is bundled on the fly, the way Taro itself reads app.config.ts.
 */
export const shared = requireWithEsbuild(require.resolve('@maika/shared')) as typeof import('@maika/shared');

export const { theme } = requireWithEsbuild(path.resolve(__dirname, '..', 'src', 'theme.ts')) as typeof import('../src/theme');

/** The start-locale decision index.html makes before the app runs (H5). */
export const startLocale = requireWithEsbuild(
  path.resolve(__dirname, '..', 'src', 'i18n', 'startLocale.ts'),
) as typeof import('../src/i18n/startLocale');

/** The static first screens of the tab pages index.html carries (H5). */
export const firstScreen = requireWithEsbuild(
  path.resolve(__dirname, '..', 'src', 'firstScreen.ts'),
) as typeof import('../src/firstScreen');
