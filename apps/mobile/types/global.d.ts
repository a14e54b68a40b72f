/// <reference types="@tarojs/taro" />

declare module '*.png';
declare module '*.svg';
declare module '*.scss';

declare namespace NodeJS {
  interface ProcessEnv {
    /** The platform being built; Taro replaces it at build time, so branches on it are dropped. */
    TARO_ENV: 'weapp' | 'alipay' | 'h5';
    /** The API host, set at build time by config/index.ts ('' on H5: the page's own origin). */
    TARO_APP_API_HOST?: string;
    /** The app version and build, set at build time by config/index.ts. */
    TARO_APP_VERSION?: string;
    TARO_APP_BUILD?: string;
  }
}
