export * from './users';
export * from './sms';
export * from './admin';
export * from './content';
export * from './catalogue';
