export * from './auth';
export * from './content';
export * from './admin';
export * from './goods';
