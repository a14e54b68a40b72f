export { reencryptAll } from './service';
