export { default as identityRoutes } from './routes';
export { default as simFaceRoutes } from './simFaceRoutes';
