export { default as adminFeedbackRoutes } from './adminRoutes';
export { default as feedbackRoutes } from './routes';
