import path from 'node:path';
import { requireWithEsbuild } from '@tarojs/helper';

/**
 * Taro compiles config/ through a require hook that covers only this folder, so TypeScript from
 * packages/shared and src/ is bundled on the fly, the way Taro itself reads app.config.ts.
 */
export const shared = requireWithEsbuild(require.resolve('@maika/shared')) as typeof import('@maika/shared');

export const { theme } = requireWithEsbuild(path.resolve(__dirname, '..', 'src', 'theme.ts')) as typeof import('../src/theme');
