import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertSafeKey, type StorageProvider } from './storage';

/**
 * The embedded default: files in a local folder. For public images (UPLOAD_DIR) the API process
 * serves the folder at /uploads/ with the content type taken from the extension and
 * X-Content-Type-Options: nosniff; the private document folder is served by no static route.
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

  async get(key: string): Promise<Uint8Array | null> {
    assertSafeKey(key);
    try {
      return new Uint8Array(await readFile(join(this.dir, key)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await rm(join(this.dir, key), { force: true });
  }
}
