export { default as adminMerchantRoutes } from './adminRoutes';
export { default as merchantApiRoutes } from './apiRoutes';
export { type MerchantRoutesOptions } from './apiService';
export { deliverCallback, noteCardDecided, noteCardsDecided, requeueLostCallbacks } from './callbackService';
export { merchantRateOfOrder } from './rateRepo';
export { forgetMerchantOfUser, purgeNonces as purgeMerchantNonces } from './repo';
export { default as merchantRoutes } from './routes';
export { bodySha256, merchantSignature, signedHeaders } from './signature';
