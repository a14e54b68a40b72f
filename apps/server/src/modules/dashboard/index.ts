export { default as adminDashboardRoutes } from './adminRoutes';
