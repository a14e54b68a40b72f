/**
 * H5 only: takes the place of the fetch and AbortController polyfills Taro's request imports (see
 * config/index.ts). Every browser package.json's browserslist names has both built in, so the
 * polyfills were only bytes every page downloaded and evaluated before its first paint.
 */
export {};
