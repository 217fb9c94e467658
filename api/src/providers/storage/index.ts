import { join } from 'node:path';
import type { Config } from '../../config';
import { LocalFolderStorage } from './local';
import type { StorageProvider } from './storage';

export { LocalFolderStorage } from './local';
export type { StorageProvider } from './storage';

/** Only the local folder exists today; an S3-compatible store would be chosen here from config. */
export function createStorage(config: Pick<Config, 'uploadDir'>): StorageProvider {
  return new LocalFolderStorage(config.uploadDir);
}

/**
 * Private files (vendors' business documents), in `documents/` of the data folder: outside
 * UPLOAD_DIR, so the public /uploads/ route can never reach them.
 */
export function createDocumentStorage(config: Pick<Config, 'dataDir'>): StorageProvider {
  return new LocalFolderStorage(join(config.dataDir, 'documents'));
}
