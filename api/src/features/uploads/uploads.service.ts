import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../context';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createDocumentStorage, createStorage, type StorageProvider } from '../../providers/storage';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Boundaries, part headers and a long file name; far less than this in practice. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
export const FILE_TOO_LARGE = 'File size should be less than 5MB';
export const NOT_A_DOCUMENT = 'Please select an image or PDF file';

/** Per account, over the last 24 hours: enough for any honest use, small enough to stop a flood. */
export const UPLOAD_QUOTA = { files: 50, bytes: 100 * 1024 * 1024, windowMs: 24 * 60 * 60 * 1000 };

/** The only image types accepted, as sniffed from the bytes; the extension comes from here too. */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Business documents: the images above or a PDF. */
const DOCUMENT_TYPES: Record<string, string> = { ...IMAGE_TYPES, 'application/pdf': 'pdf' };

/** Every PDF begins `%PDF-` (ISO 32000-1, 7.5.2). */
const PDF_MAGIC = new TextEncoder().encode('%PDF-');
const startsWith = (bytes: Uint8Array, prefix: Uint8Array) => prefix.every((b, i) => bytes[i] === b);

export type StoredFile = { key: string; contentType: string; size: number };

/** Who uploads, for the quota and for the features that accept only their own uploads: a person, or a partner's server. */
export type Uploader = { userId: string } | { partnerId: string };

const uploaderColumns = (by: Uploader) =>
  'userId' in by ? { ownerId: by.userId, partnerId: null } : { ownerId: null, partnerId: by.partnerId };

const byUploader = (by: Uploader) =>
  'userId' in by ? eq(uploads.ownerId, by.userId) : eq(uploads.partnerId, by.partnerId);

export class UploadsService {
  private readonly storage: StorageProvider;

  constructor(private readonly deps: AppDeps) {
    this.storage = createStorage(deps.config);
  }

  /**
   * An image (logo, avatar, a claim's photo) or a PDF (a claim's proof of value), served at
   * /uploads/; the fields that show an image refuse a PDF's url (`ImageUploadPathSchema`).
   */
  async upload(by: Uploader, file: File): Promise<{ url: string }> {
    const { key } = await this.#store(by, file, this.storage, DOCUMENT_TYPES, {
      detail: NOT_A_DOCUMENT,
      code: 'not_a_document',
    });
    return { url: this.storage.url(key) };
  }

  /**
   * A private document (image or PDF) in the document store, which nothing serves publicly;
   * it counts towards the same quota as public uploads.
   */
  async storeDocument(ownerId: string, file: File): Promise<StoredFile> {
    const storage = createDocumentStorage(this.deps.config);
    return this.#store({ userId: ownerId }, file, storage, DOCUMENT_TYPES, {
      detail: NOT_A_DOCUMENT,
      code: 'not_a_document',
    });
  }

  async #store(
    by: Uploader,
    file: File,
    storage: StorageProvider,
    types: Record<string, string>,
    wrongType: { detail: string; code: string },
  ): Promise<StoredFile> {
    if (file.size > MAX_UPLOAD_BYTES) {
      throw new AppError(413, FILE_TOO_LARGE, { code: 'file_too_large' });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    // The file's name and declared type are the sender's claims; only its bytes are evidence.
    const sniffed = await fileTypeFromBuffer(bytes);
    const ext = sniffed ? types[sniffed.mime] : undefined;
    // file-type takes any file starting `%PDF` for one; the header proper is `%PDF-` and the version.
    const pdfHeader = sniffed?.mime !== 'application/pdf' || startsWith(bytes, PDF_MAGIC);
    if (!sniffed || !ext || !pdfHeader) throw new AppError(415, wrongType.detail, { code: wrongType.code });

    const key = `${randomUUID()}.${ext}`;
    await this.#record(by, key, bytes.byteLength, sniffed.mime);
    try {
      await storage.put(key, bytes, sniffed.mime);
    } catch (err) {
      // Give the quota back: the file was never stored.
      await this.deps.db.delete(uploads).where(eq(uploads.key, key));
      throw err;
    }
    return { key, contentType: sniffed.mime, size: bytes.byteLength };
  }

  /**
   * Checks the quota (per person, or per partner for its secret keys) and records the upload in
   * one transaction, so parallel uploads cannot overrun it.
   */
  async #record(by: Uploader, key: string, bytes: number, contentType: string) {
    const now = this.deps.now();
    const since = new Date(now.getTime() - UPLOAD_QUOTA.windowMs);
    await this.deps.db.transaction(
      async (tx) => {
        const [usage] = await tx
          .select({
            files: count(),
            bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)`,
            oldest: sql<number | null>`min(${uploads.createdAt})`,
          })
          .from(uploads)
          .where(and(byUploader(by), gt(uploads.createdAt, since)));
        if (usage && (usage.files >= UPLOAD_QUOTA.files || usage.bytes + bytes > UPLOAD_QUOTA.bytes)) {
          const retryMs = (usage.oldest ?? now.getTime()) + UPLOAD_QUOTA.windowMs - now.getTime();
          throw AppError.tooManyRequests(
            retryMs / 1000,
            `Upload limit reached: at most ${UPLOAD_QUOTA.files} files or ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB in 24 hours. Please try again later.`,
          );
        }
        await tx.insert(uploads).values({ ...uploaderColumns(by), key, bytes, contentType, createdAt: now });
      },
      { behavior: 'immediate' },
    );
  }
}
