/// <reference types="@tarojs/taro" />

declare module '*.png';
declare module '*.svg';
declare module '*.scss';

declare namespace NodeJS {
  interface ProcessEnv {
    /** The platform being built; Taro replaces it at build time, so branches on it are dropped. */
    TARO_ENV: 'weapp' | 'alipay' | 'h5';
  }
}
