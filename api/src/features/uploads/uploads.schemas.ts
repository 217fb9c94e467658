import { z } from '@hono/zod-openapi';

export const UploadBodySchema = z
  .strictObject({
    image: z
      .custom<File>((v) => v instanceof File, { message: 'Choose an image file to upload' })
      .openapi({ type: 'string', format: 'binary', description: 'A PNG, JPEG or WebP image, at most 5 MB' }),
  })
  .openapi('UploadRequest');

export const UploadResultSchema = z
  .object({
    url: z.string().openapi({
      description: 'Where the file is served; use it as a logo or avatar URL',
      example: '/uploads/0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e.png',
    }),
  })
  .openapi('UploadResult');
