export { findPayee, verifiedRealName } from './repo';
export { default as payeeRoutes } from './routes';
export { maskPayeeAccount } from './service';
export { linkedWechatOpenid, requireWechatOpenid } from './wechatService';
