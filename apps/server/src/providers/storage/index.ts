/** Where uploaded images are kept, from the configuration; the contract every storage keeps is in contract.ts. */
import { join } from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import type { Storage } from './contract';

export * from './contract';

/** Files on this machine under DATA_DIR: public ones in uploads/, private ones in private-uploads/. */
export const createStorage = (config: Config): Storage =>
  createLocalStorage(join(config.dataDir, 'uploads'), join(config.dataDir, 'private-uploads'));
