export { default as adminExportRoutes } from './adminRoutes';
