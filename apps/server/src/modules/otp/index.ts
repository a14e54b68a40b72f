export { listOutbox } from './repo';
export { sendCode, verifyCode } from './service';
