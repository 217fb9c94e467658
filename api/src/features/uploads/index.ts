/** The uploads feature's public surface: other features and the app import nothing else of it. */
export { uploadsRouter } from './uploads.router';
export { UPLOADS_PATH } from './uploads.routes';
export {
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  MULTIPART_OVERHEAD_BYTES,
  UploadsService,
} from './uploads.service';
