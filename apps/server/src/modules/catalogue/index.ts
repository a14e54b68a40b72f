export { default as adminCatalogueRoutes } from './adminRoutes';
export { findEnabledCardType } from './repo';
export { default as catalogueRoutes } from './routes';
