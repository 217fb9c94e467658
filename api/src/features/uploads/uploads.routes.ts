import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requireAuth } from '../../lib/auth';
import { problemBody, problemResponse } from '../../lib/errors';
import { bearerSecurity, jsonContent, pickProblems } from '../../lib/openapi';
import { multipartHygiene } from '../../lib/request-hygiene';
import { UploadBodySchema, UploadResultSchema } from './uploads.schemas';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from './uploads.service';

export const UPLOADS_PATH = '/uploads';

/**
 * Stops reading the body as soon as it passes the limit, whether or not it declares a
 * Content-Length, so an oversized or chunked upload is never buffered whole. The allowance
 * for multipart framing means a file of exactly 5 MB fits; the service checks the file itself.
 * The partners feature's own upload route (POST /partner/uploads) uses it too.
 */
export const uploadBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  onError: (c) => problemResponse(c, 413, problemBody(413, FILE_TOO_LARGE, { code: 'file_too_large' })),
});

export const uploadImage = createRoute({
  operationId: 'uploadImage',
  method: 'post',
  path: UPLOADS_PATH,
  tags: ['Uploads'],
  summary: 'Upload an image (PNG, JPEG or WebP, at most 5 MB); answers its URL',
  description:
    "The type is decided from the file's content, not its name or declared type. Each account may upload " +
    'at most 50 files or 100 MB in 24 hours.',
  security: bearerSecurity,
  middleware: [requireAuth, uploadBodyLimit, multipartHygiene] as const,
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: UploadBodySchema } } },
  },
  responses: {
    201: jsonContent(UploadResultSchema, 'Stored'),
    ...pickProblems(400, 401, 413, 415, 422, 429),
  },
});
