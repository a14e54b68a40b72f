export { appendOutbox, listOutbox } from './repo';
export { sendCode, verifyCode } from './service';
