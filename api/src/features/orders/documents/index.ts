/** Shipping documents: plain data in, PDF bytes out. No database, no HTTP. */
export { TRACKING_NUMBER_PATTERN } from './barcode';
export {
  A4_SIZE_PT,
  CUSTOMS_DECLARATION_TEXT,
  type CustomsData,
  type CustomsItem,
  type CustomsParty,
  renderCustomsPdf,
} from './customs';
export type { LabelDropOffPoint } from './dropoff';
export { DocumentDataError } from './errors';
export { groupTrackingCode, LABEL_SIZE_PT, type LabelData, type LabelParcel, renderLabelPdf } from './label';
export { A4_LABEL_SCALE, LABEL_FORMATS, type LabelFormat, labelCount, labelSheetPdf } from './label-sheet';
export {
  type CreditNoteData,
  type ReceiptData,
  type ReceiptLine,
  renderCreditNotePdf,
  renderReceiptPdf,
  renderStatementPdf,
  type Seller,
  type StatementData,
  type StatementLine,
  vatShare,
} from './money-documents';
export type { RenderOptions } from './pdf';
export { renderQrPng, renderQrSvg } from './qr';
export { toWinAnsi } from './text';
export type { Address } from './types';
export { zplLabel, zplLabels, zplText } from './zpl';
