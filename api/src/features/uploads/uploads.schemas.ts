import { z } from '@hono/zod-openapi';

/** Whether an /uploads/ url is a PDF: its extension comes from the sniffed type, so it tells. */
export const isPdfUpload = (url: string) => url.toLowerCase().endsWith('.pdf');

/** A file the caller uploaded through POST /api/v1/uploads, by the path it answered. */
export const UploadPathSchema = z
  .string()
  .trim()
  .max(300)
  .regex(
    /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'must be the url POST /api/v1/uploads answered (/uploads/…)',
  );

/** What a field shown as an image says of a PDF (a claim's proof of value may be one; a photo may not). */
export const NOT_AN_IMAGE_UPLOAD = 'must be an image (PNG, JPEG or WebP), not a PDF';

/** An uploaded image: every field a page shows in an `<img>` (photos, evidence, logos). */
export const ImageUploadPathSchema = UploadPathSchema.refine((v) => !isPdfUpload(v), NOT_AN_IMAGE_UPLOAD);

export const UploadBodySchema = z
  .strictObject({
    image: z
      .custom<File>((v) => v instanceof File, { message: 'Choose an image or PDF file to upload' })
      .openapi({
        type: 'string',
        format: 'binary',
        description:
          'A PNG, JPEG or WebP image, or a PDF (a claim’s proof of value), at most 5 MB; the field keeps its name `image`',
      }),
  })
  .openapi('UploadRequest');

export const UploadResultSchema = z
  .object({
    url: z.string().openapi({
      description:
        'Where the file is served; an image’s url may be a logo, an avatar or a photo, a PDF’s only a claim’s proof of value',
      example: '/uploads/0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e.png',
    }),
  })
  .openapi('UploadResult');
