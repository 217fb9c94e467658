import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertSafeKey, type StorageProvider } from './storage';

/**
 * The embedded default: files in a local folder (UPLOAD_DIR), served by the API process at
 * /uploads/ with their content type taken from the extension and X-Content-Type-Options: nosniff.
 */
export class LocalFolderStorage implements StorageProvider {
  readonly kind = 'local';

  constructor(private readonly dir: string) {}

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    assertSafeKey(key);
    await mkdir(this.dir, { recursive: true });
    // 'wx' fails rather than overwrite: keys are random, so an existing file means a bug.
    await writeFile(join(this.dir, key), bytes, { flag: 'wx', mode: 0o644 });
  }

  url(key: string): string {
    assertSafeKey(key);
    return `/uploads/${key}`;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await rm(join(this.dir, key), { force: true });
  }
}
