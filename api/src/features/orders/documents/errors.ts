/**
 * Data a document cannot be drawn from (a tracking number a barcode cannot encode, a date that
 * does not exist). The documents are rendered from stored orders, so this means the data was
 * let through upstream: the caller decides whether that is a 409/422 for the client or a bug.
 * `field` is the LabelData/CustomsData path, so it can go straight into a problem's `errors`.
 */
export class DocumentDataError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'DocumentDataError';
    this.field = field;
  }
}
