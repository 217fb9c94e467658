/**
 * The label's drop-off block: the point the parcel is taken to, beside the sender, so the counter
 * sees at a glance that the parcel is theirs and on which day it was booked to arrive.
 */
import { FONT_BOLD, fitLine, type Pdf } from './pdf';

export type LabelDropOffPoint = {
  name: string;
  /** Street, then town and postcode. */
  lines: string[];
  /** The day and its hours as people read them: "Tue, 2 Jun 2026: 09:00–17:30". */
  hours: string;
};

export function drawDropOffPoint(
  doc: Pdf,
  point: LabelDropOffPoint,
  x: number,
  top: number,
  width: number,
): void {
  fitLine(doc, 'DROP OFF AT', x, top, width, { size: 6.5, font: FONT_BOLD, color: '#444444' });
  fitLine(doc, point.name, x, top + 9, width, { font: FONT_BOLD, size: 8.5, minSize: 6 });
  [...point.lines.slice(0, 2), point.hours].forEach((text, index) => {
    fitLine(doc, text, x, top + 20 + index * 10, width, { size: 8, minSize: 5.5 });
  });
}
