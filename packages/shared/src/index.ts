export * from './codes';
export * from './i18n';
export * from './enums';
export * from './cardNumber';
export * from './money';
export * from './constants';
export * from './phone';
export * from './api';
