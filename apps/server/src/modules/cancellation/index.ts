export { closureBlockers, type ClosureCheck } from './closure';
export { default as cancellationRoutes } from './routes';
