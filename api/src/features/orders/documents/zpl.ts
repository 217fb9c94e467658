/**
 * Shipping labels in ZPL II, the language of Zebra and compatible thermal printers: 4x6 inch at
 * 203 dpi (812 x 1218 dots), one `^XA…^XZ` per parcel. The fields follow the PDF label's
 * layout: sender, recipient in large type, service and weights, the order reference, the
 * tracking code `/track` accepts, a QR code of the tracking page and the tracking number as a
 * Code 128 barcode.
 *
 * Text goes through `^FH` (field hex): `^`, `~` and `_` in someone's address would otherwise end
 * or corrupt the field, so they are written as `_5E`, `_7E` and `_5F`. The printer's default
 * code page is ASCII, so text is first transliterated as the PDF's is (toWinAnsi) and anything
 * outside printable ASCII becomes `?`.
 */
import { setImmediate } from 'node:timers/promises';
import { SERVICE_TYPES } from '../../../domain/reference-data';
import { countryName, formatCalendarDate, formatDimensionsCm, formatKg } from './format';
import { groupTrackingCode, type LabelData } from './label';
import { checkLabels } from './label-sheet';
import { toWinAnsi } from './text';
import type { Address } from './types';

const WIDTH = 812;
const HEIGHT = 1218;
const LEFT = 30;

/** Printable ASCII, with the three characters ZPL reads as commands written in field hex. */
export function zplText(text: string): string {
  const ascii = toWinAnsi(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
  return ascii.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** One text field: `^FO` origin, `^A0` scalable font at `size` dots, clipped to one line of `width`. */
function text(x: number, y: number, size: number, value: string, width = WIDTH - 2 * LEFT): string {
  return `^FO${x},${y}^A0N,${size},${size}^FB${width},1,0,L,0^FH^FD${zplText(value)}^FS`;
}

function box(y: number, thickness = 3): string {
  return `^FO${LEFT},${y}^GB${WIDTH - 2 * LEFT},${thickness},${thickness}^FS`;
}

const street = (a: Address) => (a.line2 ? `${a.line1}, ${a.line2}` : a.line1);

/** The ZPL of one parcel's label. */
export function zplLabel(label: LabelData, index: number): string {
  const parcel = label.parcels[index];
  if (!parcel) throw new RangeError(`no parcel ${index}`);
  const type = SERVICE_TYPES.find((t) => t.value === label.serviceType)?.label ?? label.serviceType;
  const r = label.recipient;
  const s = label.sender;
  const lines = [
    '^XA',
    `^PW${WIDTH}`,
    `^LL${HEIGHT}`,
    '^CI0',
    // Brand bar: reversed block with the name, the tracking code and the parcel count.
    `^FO0,0^GB${WIDTH},80,80^FS`,
    `^FO${LEFT},18^A0N,48,48^FR^FDConsign^FS`,
    ...(label.trackingCode
      ? [
          `^FO260,12^A0N,22,22^FR^FDTRACK^FS`,
          `^FO260,38^A0N,32,32^FR^FH^FD${zplText(groupTrackingCode(label.trackingCode))}^FS`,
        ]
      : []),
    `^FO560,26^A0N,34,34^FB222,1,0,R,0^FR^FDParcel ${index + 1} of ${label.parcels.length}^FS`,
    text(LEFT, 100, 20, 'FROM'),
    text(LEFT, 124, 26, s.name, 560),
    text(LEFT, 154, 24, street(s), 560),
    text(LEFT, 182, 24, [s.town, s.county].filter(Boolean).join(', '), 560),
    text(LEFT, 210, 24, `${s.postcode.toUpperCase()}, ${countryName(s.country)}`, 560),
    ...(label.trackingUrl ? [`^FO620,96^BQN,2,4^FH^FDQA,${zplText(label.trackingUrl)}^FS`] : []),
    box(250),
    text(LEFT, 266, 22, 'DELIVER TO'),
    text(LEFT, 296, 50, r.name),
    text(LEFT, 356, 40, r.line1),
    ...(r.line2 ? [text(LEFT, 402, 40, r.line2)] : []),
    text(LEFT, 448, 40, [r.town, r.county].filter(Boolean).join(', ')),
    text(LEFT, 500, 72, r.postcode.toUpperCase()),
    text(LEFT, 580, 40, countryName(r.country).toUpperCase()),
    text(LEFT, 628, 28, `Tel ${r.phone}`),
    box(676),
    text(LEFT, 692, 20, 'SERVICE', 400),
    text(LEFT, 716, 32, label.serviceName, 400),
    text(LEFT, 754, 24, `by ${label.vendorName} - ${type}`, 400),
    text(440, 692, 20, 'CHARGEABLE WEIGHT', 342),
    text(440, 716, 32, formatKg(label.chargeableWeightKg), 342),
    text(
      440,
      754,
      24,
      `This parcel ${formatKg(parcel.weightKg)}, ${formatDimensionsCm(parcel.lengthCm, parcel.widthCm, parcel.heightCm)}`,
      342,
    ),
    box(792),
    text(LEFT, 806, 20, 'ORDER', 240),
    text(LEFT, 830, 34, label.reference, 240),
    text(280, 806, 20, 'COLLECTION', 240),
    text(280, 830, 34, formatCalendarDate(label.collectionDate, 'collectionDate'), 240),
    text(540, 806, 20, 'EST. DELIVERY', 242),
    text(
      540,
      830,
      34,
      label.estimatedDelivery ? formatCalendarDate(label.estimatedDelivery, 'estimatedDelivery') : 'Not set',
      242,
    ),
    box(884),
    // Code 128 with the interpretation line off (drawn below as text); `>:` starts in subset B.
    `^FO${LEFT + 40},910^BY3,3,200^BCN,200,N,N,N^FH^FD>:${zplText(label.trackingNumber)}^FS`,
    `^FO${LEFT},1130^A0N,40,40^FB${WIDTH - 2 * LEFT},1,0,C,0^FH^FD${zplText(label.trackingNumber)}^FS`,
    '^XZ',
  ];
  return lines.join('\n');
}

/**
 * Every parcel label of the orders, each its own `^XA…^XZ`, a chunk per order. The data is
 * checked before the generator is returned, so a refusal comes before any output.
 */
export function zplLabels(labels: readonly LabelData[]): AsyncGenerator<string> {
  checkLabels(labels);
  return chunks(labels);
}

async function* chunks(labels: readonly LabelData[]): AsyncGenerator<string> {
  for (const label of labels) {
    // A chunk per order, each after a turn of the event loop, as the PDF sheet does.
    await setImmediate();
    yield `${label.parcels.map((_, index) => zplLabel(label, index)).join('\n')}\n`;
  }
}
