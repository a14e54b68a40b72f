export { default as adminRiskRoutes } from './routes';
export { riskFlags } from './service';
