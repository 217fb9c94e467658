/** The uploads feature's public surface: other features and the app import nothing else of it. */
export { uploadsRouter } from './uploads.router';
export { UPLOADS_PATH, uploadBodyLimit } from './uploads.routes';
export {
  ImageUploadPathSchema,
  isPdfUpload,
  NOT_AN_IMAGE_UPLOAD,
  UploadBodySchema,
  UploadPathSchema,
  UploadResultSchema,
} from './uploads.schemas';
export {
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  MULTIPART_OVERHEAD_BYTES,
  type Uploader,
  UploadsService,
} from './uploads.service';
