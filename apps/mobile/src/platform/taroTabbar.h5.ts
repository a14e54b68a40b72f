/**
 * H5 only: takes the place of Taro's web components in its router (see config/index.ts). The router
 * defines its web-component tab bar only when the app draws none; app.config.ts declares its own
 * tab bar (`custom: true`), so the definition is never needed and this one does nothing.
 */
export function defineCustomElementTaroTabbar(): void {}
