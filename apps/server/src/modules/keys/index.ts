export { reencryptAll } from './reencrypt';
