/** Where uploaded files live. Keys are flat names such as `0197….png`, chosen by the server. */
export interface StorageProvider {
  readonly kind: string;
  /** Stores the bytes under the key, replacing nothing: keys are unique. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The URL the file is served at; for the local folder a path on this server. */
  url(key: string): string;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file, if present; used to undo a put whose record could not be kept. */
  delete(key: string): Promise<void>;
}

/** A key is one path segment of safe characters, so it can never escape the storage root. */
export const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}
