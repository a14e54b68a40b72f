/**
 * Colours that TypeScript needs as values (app.config.ts, the drawn tab icons). config/index.ts
 * hands them to every stylesheet too, so SCSS and code cannot drift apart. The brand colour itself
 * is BRAND_COLOR in @maika/shared.
 */
export const theme = {
  /** The brand blue a step darker: the far end of brand gradients and pressed states. */
  brandDeep: '#0a8fc4',
  pageBackground: '#f4f6f9',
  /** Secondary labels, idle tab icons and text. */
  textMuted: '#8a919f',
} as const;
