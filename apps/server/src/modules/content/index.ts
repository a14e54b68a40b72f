export { default as adminContentRoutes } from './adminRoutes';
export { findRichText, mergeSetting, readSetting, writeSetting } from './repo';
export { default as contentRoutes } from './routes';
export {
  defaultFoundation,
  FOUNDATION_KEY,
  publicBanners,
  sanitizeRichText,
  saveRichTextTemplate,
  type FoundationSettings,
} from './service';
