export { cleanUploads, purgeExpired } from './service';
