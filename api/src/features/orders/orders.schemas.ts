import { postcodeRequired, regionRule } from '@consign/shared/addresses';
import { z } from '@hono/zod-openapi';
import {
  ADJUSTMENT_STATUSES,
  CLAIM_STATUSES,
  ORDER_ACTOR_ROLES,
  ORDER_STATUSES,
  TRACKING_EVENT_KINDS,
} from '../../db/schema';
import { CURRENCIES } from '../../domain/currency';
import {
  COVER_TIERS,
  coverFeeFor,
  DOCUMENT_TYPE_VALUES,
  EXPORT_REASON_VALUES,
  MANUFACTURE_COUNTRY_CODES,
  PARTY_KIND_VALUES,
} from '../../domain/reference-data';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { isIsoDate } from '../../domain/uk-days';
import { nullableRef } from '../../lib/openapi';
import { cursorQuery, limitQuery } from '../../lib/pagination';
import { parseUkPostcode } from '../../providers/distance/postcode';
import { OrderDropOffPointSchema } from '../dropoff-points';
import { LABEL_FORMATS } from './documents';

export const MAX_ORDER_ITEMS = 100;
/** £1,000,000: far above any parcel's declared value, low enough to catch a pounds/pence mix-up. */
export const MAX_CONTENT_VALUE = 100_000_000;

const requiredMessage =
  (label: string, kind = 'text') =>
  (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be ${kind}`;

/** A required, trimmed, non-empty string with the booking form's "X is required" message. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

export const wholeMinorUnits = (label: string) =>
  z
    .number({ error: requiredMessage(label, 'a number') })
    .int(`${label} is in minor units (pence): a whole number`);

const EMAIL = z.email();
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

export const OrderAddressSchema = z
  .strictObject({
    name: requiredText('Name', 120),
    // Empty is "required" alone, without aborting: an aborted field would stop the address's own
    // checks (the county below), and one answer should name every problem.
    email: z
      .string({ error: requiredMessage('Email') })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email must be at most 254 characters')
      .refine((v) => v === '' || EMAIL.safeParse(v).success, 'Not a valid email')
      .openapi({ format: 'email', example: 'sam@example.com' }),
    phone: z
      .string({ error: requiredMessage('Contact number') })
      .trim()
      .min(1, 'Contact number is required')
      .refine((v) => v === '' || PHONE.test(v), 'Contact number must be 7 to 20 digits, spaces or brackets')
      .openapi({ pattern: PHONE.source, example: '+44 20 7946 0000' }),
    line1: requiredText('Street', 200),
    line2: optionalText('Address line 2', 200),
    town: requiredText('Town', 100),
    county: z
      .string({ error: 'County must be text' })
      .trim()
      .max(100, 'County must be at most 100 characters')
      .default('')
      .openapi({
        description:
          'The county in the UK, the state in the US and Australia, the province in Canada (required there); elsewhere only where the destination uses one',
      }),
    postcode: z
      .string({ error: 'Postcode must be text' })
      .trim()
      .max(16, 'Postcode must be at most 16 characters')
      .default('')
      .openapi({
        example: 'SW1A 1AA',
        description: 'Required, except in a country with no postcodes (such as AE)',
      }),
    country: z
      .string({ error: requiredMessage('Country') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Country must be an ISO 3166 alpha-2 code such as GB')
      .openapi({ example: 'GB' }),
  })
  // Checked even while other fields are wrong (`when`), so one answer names every problem; the
  // rules by country are the portal form's too (@consign/shared/addresses).
  .refine((address) => !regionRule(address.country).required || address.county !== '', {
    error: (issue) => `${regionRule((issue.input as { country: string }).country).label} is required`,
    path: ['county'],
    when: ({ value }) => {
      const v = value as { country?: unknown; county?: unknown } | undefined;
      return typeof v?.country === 'string' && typeof v.county === 'string';
    },
  })
  .refine((address) => !postcodeRequired(address.country) || address.postcode !== '', {
    message: 'Postcode is required',
    path: ['postcode'],
    when: ({ value }) => {
      const v = value as { country?: unknown; postcode?: unknown } | undefined;
      return typeof v?.country === 'string' && typeof v.postcode === 'string';
    },
  })
  .superRefine((address, ctx) => {
    if (address.country === 'GB' && address.postcode !== '' && !parseUkPostcode(address.postcode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postcode'],
        message: 'Enter a valid UK postcode, such as SW1A 1AA',
      });
    }
  })
  .openapi('OrderAddress');

const eori = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z]{2}[A-Z0-9]{1,15}$/,
      `${label} must be 2 letters then up to 15 letters or digits, such as GB123456789000`,
    )
    .optional();

export const OrderCustomsSchema = z
  .strictObject({
    documentType: z.enum(DOCUMENT_TYPE_VALUES, { error: 'Choose a document type' }),
    reasonForExport: z.enum(EXPORT_REASON_VALUES, { error: 'Choose a reason for export' }),
    senderType: z.enum(PARTY_KIND_VALUES, {
      error: 'Choose whether the sender is a private individual or a company',
    }),
    recipientType: z.enum(PARTY_KIND_VALUES, {
      error: 'Choose whether the recipient is a private individual or a company',
    }),
    senderEori: eori('Sender EORI number'),
    recipientEori: eori('Recipient EORI number'),
    senderCompanyName: optionalText('Sender company name', 120),
    recipientCompanyName: optionalText('Recipient company name', 120),
  })
  .superRefine((customs, ctx) => {
    // A company's declaration is made in the company's name; without it the papers are void.
    if (customs.senderType === 'company' && !customs.senderCompanyName) {
      ctx.addIssue({
        code: 'custom',
        path: ['senderCompanyName'],
        message: 'Sender company name is required',
      });
    }
    if (customs.recipientType === 'company' && !customs.recipientCompanyName) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientCompanyName'],
        message: 'Recipient company name is required',
      });
    }
  })
  .openapi('OrderCustoms');

/** \p{L} needs the `u` flag, which a JSON Schema pattern cannot carry: a refinement, described in words. */
const CUSTOMS_DESCRIPTION = /^[\p{L}\p{N} ,.\-/%&'()+]+$/u;

export const OrderItemSchema = z
  .strictObject({
    // What a CN22/CN23 description holds: words in any alphabet, figures and the punctuation of
    // "Wool scarf, 100% merino"; nothing that reads as markup or a control.
    description: requiredText('Description', 100)
      .refine(
        (v) => CUSTOMS_DESCRIPTION.test(v),
        "Description may contain letters, numbers, spaces and , . - / % & ' ( ) + only",
      )
      .openapi({ description: "Letters in any alphabet, figures, spaces and , . - / % & ' ( ) +" }),
    hsCode: z
      .string({ error: requiredMessage('HS code') })
      .trim()
      .regex(/^\d{6,10}$/, 'HS code must be 6 to 10 digits')
      .openapi({ example: '62059080' }),
    quantity: z
      .number({ error: requiredMessage('Quantity', 'a number') })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(10_000, 'Quantity must be at most 10000'),
    unitValue: wholeMinorUnits('Unit value')
      .min(1, 'Unit value must be at least 0.01')
      .max(MAX_CONTENT_VALUE, 'Unit value is too large')
      .openapi({ description: 'Minor units of the order currency', example: 1999 }),
    originCountry: z.enum(MANUFACTURE_COUNTRY_CODES, {
      error: 'Choose the country of manufacture from the list',
    }),
  })
  .openapi('OrderItem');

/**
 * The fields a booking and a job share (when, what, its value and the customs papers), with the
 * same messages. Each body adds its own descriptions with `.openapi()`, which returns a copy.
 */
export const shipmentFields = {
  collectionDate: z
    .string({ error: requiredMessage('Collection date') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Collection date must be a date such as 2026-05-01')
    .refine(isIsoDate, 'Collection date is not a real date')
    .openapi({ format: 'date', description: 'Not before today, UK time' }),
  contents: requiredText('Package content', 200),
  contentValue: wholeMinorUnits('Content value')
    .min(0, 'Content value cannot be negative')
    .max(MAX_CONTENT_VALUE, 'Content value is too large'),
  customs: OrderCustomsSchema.optional(),
  items: z
    .array(OrderItemSchema, { error: 'Items must be a list' })
    .max(MAX_ORDER_ITEMS, `At most ${MAX_ORDER_ITEMS} items`)
    .optional(),
  notes: optionalText('Notes', 1000),
};

export const CreateOrderBodySchema = z
  .strictObject({
    quoteOptionId: requiredText('Quote option', 64).openapi({
      description: 'An option of a quote that has not expired',
    }),
    collectionAddress: OrderAddressSchema,
    deliveryAddress: OrderAddressSchema,
    collectionDate: shipmentFields.collectionDate,
    contents: shipmentFields.contents,
    contentValue: shipmentFields.contentValue.openapi({ description: 'Minor units of the quote currency' }),
    coverAmount: z
      .number({ error: 'Choose a cover option (0 for no extended cover)' })
      .int('Choose one of the cover amounts, or 0 for no extended cover')
      .refine((v) => coverFeeFor(v) !== null, 'Choose one of the cover amounts, or 0 for no extended cover')
      .openapi({
        description: `Minor units of GBP: 0 (no extended cover) or one of ${COVER_TIERS.map((t) => t.coverAmount).join(', ')}`,
        example: 0,
      }),
    customs: shipmentFields.customs.openapi({ description: 'Required for international shipments' }),
    items: shipmentFields.items.openapi({
      description: 'The breakdown of contents; at least one for international shipments',
    }),
    notes: shipmentFields.notes,
    dropOffPointId: z
      .string({ error: 'Drop-off point must be the id of a point from GET /dropoff-points' })
      .trim()
      .min(1, 'Drop-off point must be the id of a point from GET /dropoff-points')
      .max(64, 'Drop-off point must be the id of a point from GET /dropoff-points')
      .optional()
      .openapi({
        description:
          "Where the parcel will be handed over: required when the option's handover is 'drop_off', " +
          "optional with 'both' (absent: collected), refused with 'collection'. The point must take the " +
          'service, be open on collectionDate and take the heaviest parcel.',
      }),
  })
  .openapi('CreateOrderRequest', {
    description:
      'Prices are never sent: the server takes them from the stored quote option and the cover table.',
  });

export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const ChangeDropOffPointBodySchema = z
  .strictObject({ dropOffPointId: CreateOrderBodySchema.shape.dropOffPointId.unwrap() })
  .openapi('ChangeDropOffPointRequest');

export const OrderStatusSchema = z.enum(ORDER_STATUSES).openapi('OrderStatus');

export const OrderPriceSchema = z
  .object({
    net: z.number().int(),
    vat: z.number().int(),
    coverFee: z.number().int().openapi({ description: 'Extended cover is insurance: exempt from VAT' }),
    total: z.number().int().openapi({ description: 'net + vat + coverFee' }),
    currency: z.enum(CURRENCIES),
  })
  .openapi('OrderPrice', { description: 'Minor units' });

export const ParcelCopySchema = z.object({
  length: z.number(),
  width: z.number(),
  height: z.number(),
  weight: z.number(),
});

export const TrackingEventKindSchema = z.enum(TRACKING_EVENT_KINDS).openapi('TrackingEventKind');

/**
 * The driver and time window an out-for-delivery event carries, as the order's events and the
 * public tracking timeline both answer them: one definition, so the two cannot drift.
 */
export const DeliveryRoundFields = {
  driverName: z.string().nullable().openapi({
    example: 'Sam',
    description: 'With out_for_delivery: the driver’s first name, when the courier gave it',
  }),
  windowFrom: z.string().nullable().openapi({
    example: '10:00',
    description: 'With out_for_delivery: the delivery window’s start (HH:MM, UK time)',
  }),
  windowTo: z.string().nullable().openapi({ example: '12:00', description: 'The delivery window’s end' }),
};

export const OrderEventSchema = z
  .object({
    at: z.iso.datetime(),
    from: nullableRef(OrderStatusSchema),
    to: OrderStatusSchema,
    actorRole: z.enum(ORDER_ACTOR_ROLES),
    note: z.string().nullable(),
    event: nullableRef(TrackingEventKindSchema).openapi({
      description: 'A tracking event added without a status change; null for a status change or an edit',
    }),
    expectedDelivery: z
      .string()
      .nullable()
      .openapi({ description: 'With a `delayed` event: the new expected delivery date (YYYY-MM-DD)' }),
    ...DeliveryRoundFields,
    claimStatus: z.enum(CLAIM_STATUSES).nullable().openapi({
      description: 'A claim’s move (docs/claims-and-returns.md); the order’s status is unchanged',
    }),
    adjustmentStatus: z.enum(ADJUSTMENT_STATUSES).nullable().openapi({
      description:
        'A weight or size adjustment’s move (docs/claims-and-returns.md); the order’s status is unchanged',
    }),
    returnLink: z.enum(['return_booked', 'return_of']).nullable().openapi({
      description:
        'A return (docs/claims-and-returns.md): `return_booked` on the original, `return_of` on the return order',
    }),
    linkedOrderId: z
      .string()
      .nullable()
      .openapi({ description: 'With `returnLink`: the other order (the return, or the original)' }),
    description: z
      .string()
      .openapi({ example: 'Out for delivery: the driver has the parcel on today’s round' }),
  })
  .openapi('OrderEvent');

export const OrderPaymentSummarySchema = z
  .object({
    provider: z.enum(['test', 'paypal']),
    status: z.enum(['created', 'captured', 'refunded', 'failed']),
    capturedAt: z.iso.datetime().nullable(),
    refundedAt: z.iso.datetime().nullable(),
  })
  .openapi('OrderPaymentSummary');

export const OrderMoneySchema = z
  .object({
    paid: z.number().int().openapi({ description: 'What the customer paid (cover included); 0 until paid' }),
    refunded: z.number().int().openapi({ description: 'What was refunded, in full or in part' }),
    net: z
      .number()
      .int()
      .openapi({ description: 'What the order earns: paid less refunded; 0 when cancelled' }),
  })
  .openapi('OrderMoney', { description: 'Minor units of the order’s currency' });

export const OrderSchema = z
  .object({
    id: z.string(),
    reference: z
      .string()
      .openapi({ example: '#a1b2c3d4', description: "'#' and the last 8 characters of the id" }),
    status: OrderStatusSchema,
    serviceType: z.enum(SERVICE_TYPE_VALUES),
    courierServiceId: z.string(),
    serviceName: z.string(),
    vendor: z.object({ id: z.string(), name: z.string() }),
    quoteOptionId: z.string().nullable(),
    jobId: z.string().nullable(),
    collectionAddress: OrderAddressSchema,
    deliveryAddress: OrderAddressSchema,
    collectionDate: z.string(),
    estimatedDelivery: z.string().nullable(),
    contents: z.string(),
    contentValue: z.number().int(),
    coverAmount: z.number().int(),
    parcels: z.array(ParcelCopySchema),
    chargeableWeightKg: z.number(),
    dropOffPointId: z
      .string()
      .nullable()
      .openapi({ description: 'The drop-off point chosen (OrderDetail names it); null when collected' }),
    printerless: z.boolean().openapi({
      description: 'No label to print: the drop-off point scans the code of OrderDetail.dropOffCode',
    }),
    customs: nullableRef(OrderCustomsSchema),
    items: z.array(OrderItemSchema).nullable(),
    notes: z
      .string()
      .nullable()
      .openapi({ description: 'The customer’s notes for the courier, written at booking' }),
    vendorNotes: z.string().nullable().openapi({
      description:
        'The courier’s own notes on the order (the vendor drawer’s Courier Notes), shown to the customer too',
    }),
    price: OrderPriceSchema,
    trackingNumber: z.string().nullable(),
    labelUrl: z.string().nullable(),
    documents: z
      .object({ label: z.string().nullable(), customs: z.string().nullable() })
      .openapi({ description: 'Download paths once paid; customs papers for international orders only' }),
    payment: nullableRef(OrderPaymentSummarySchema),
    money: OrderMoneySchema,
    customerId: z.string().optional().openapi({ description: 'The customer’s account; to staff only' }),
    yourRating: z.number().int().min(1).max(5).nullable().optional().openapi({
      description:
        'In the customer’s own order list: the score they gave the delivery, null while not rated (so a rated order offers its review, not a new one)',
    }),
    returnOf: z.object({ orderId: z.string(), reference: z.string() }).nullable().optional().openapi({
      description:
        'In the customer’s own order list: the order this one sends back (a return booked from /returns), null for any other order',
    }),
    /** What the caller may do now, so clients do not re-implement the rules. */
    actions: z.object({
      pay: z.boolean(),
      cancel: z.boolean(),
      nextStatuses: z.array(OrderStatusSchema),
    }),
    paidAt: z.iso.datetime().nullable(),
    payBy: z.iso.datetime().nullable().openapi({
      description:
        'While awaiting payment: the booked price holds until then (the quote’s 30 minutes); after it the order cannot be paid and is cancelled',
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Order');

/** A list's row (features/orders/order-summary.ts): GET the order for the whole of it. */
export const OrderSummarySchema = OrderSchema.pick({
  id: true,
  reference: true,
  status: true,
  serviceType: true,
  serviceName: true,
  vendor: true,
  collectionDate: true,
  estimatedDelivery: true,
  trackingNumber: true,
  payment: true,
  money: true,
  customerId: true,
  paidAt: true,
  createdAt: true,
  updatedAt: true,
})
  .extend({
    recipientName: z.string().openapi({ description: 'The name on the delivery address' }),
    price: z
      .object({
        total: z.number().int().openapi({ description: 'net + vat + coverFee, minor units' }),
        currency: z.enum(CURRENCIES),
      })
      .openapi({ description: 'What the customer pays; the order has the breakdown' }),
  })
  .openapi('OrderSummary', {
    description:
      'An order as lists show it: what a row displays and what lists filter by. The order itself (OrderDetail) has its addresses, parcels, customs, notes, documents and allowed actions.',
  });

export const OrderFinanceSchema = z
  .object({
    receipt: z
      .object({ number: z.string().openapi({ example: 'R-000123' }), issuedAt: z.string(), url: z.string() })
      .nullable()
      .openapi({ description: 'The VAT receipt of the payment (customer and staff only)' }),
    creditNotes: z
      .array(
        z.object({
          number: z.string().openapi({ example: 'CN-000045' }),
          amount: z.number().int(),
          currency: z.enum(CURRENCIES),
          issuedAt: z.string(),
          url: z.string(),
        }),
      )
      .openapi({ description: 'One per refund, each referring to the receipt (customer and staff only)' }),
    earnings: z
      .object({
        price: z.number().int().openapi({ description: 'What the customer paid the courier for' }),
        commission: z
          .number()
          .int()
          .openapi({ description: 'Commission charged, less what refunds gave back' }),
        refunds: z.number().int().openapi({ description: 'Refunds the courier bore' }),
        net: z.number().int().openapi({ description: 'What the courier earns on the order' }),
        currency: z.enum(CURRENCIES),
        percentBp: z
          .number()
          .int()
          .openapi({ description: 'The commission rate in force when paid, basis points' }),
        fixed: z.number().int().openapi({ description: 'The fixed part of that rate, minor units' }),
      })
      .nullable()
      .openapi({ description: 'What the courier earned (courier and staff only); null before payment' }),
  })
  .openapi('OrderFinance');

export const OrderDetailSchema = OrderSchema.extend({
  events: z.array(OrderEventSchema),
  finance: OrderFinanceSchema,
  trackingCode: z
    .string()
    .nullable()
    .openapi({ description: 'The public tracking code', example: 'K7P3XQ9MHT2W' }),
  trackingUrl: z.string().nullable().openapi({
    description: 'The signed-out tracking page of the order, absolute (on PUBLIC_URL)',
    example: 'https://consign.example/track/K7P3XQ9MHT2W',
  }),
  promisedDelivery: z.string().nullable().openapi({
    description:
      'The delivery date to show: the courier’s revised date after a delay, else `estimatedDelivery`',
  }),
  dropOffPoint: nullableRef(OrderDropOffPointSchema),
  dropOffCode: z
    .object({
      text: z.string().openapi({ description: 'What the QR code holds (the tracking number)' }),
      qrSvg: z.string().openapi({ description: 'The QR code as an SVG document' }),
    })
    .nullable()
    .openapi({
      description: 'Printerless orders once paid: the code the drop-off point scans to print the label',
    }),
}).openapi('OrderDetail');

export const OrderListQuerySchema = z.object({
  limit: limitQuery,
  cursor: cursorQuery(),
  status: OrderStatusSchema.optional().openapi({ param: { name: 'status', in: 'query' } }),
});

export const OrderTotalsSchema = z
  .object({
    count: z.number().int().openapi({ description: 'All the caller’s orders' }),
    pending: z.number().int().openapi({ description: 'Orders with status pending' }),
    sum: z.array(z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES) })).openapi({
      description:
        'Total spent per currency: paid less refunded (in full or in part); a cancelled order counts nothing',
    }),
  })
  .openapi('OrderTotals');

export const OrderListSchema = z
  .object({
    items: z.array(OrderSchema),
    nextCursor: z.string().nullable(),
    totals: OrderTotalsSchema,
  })
  .openapi('OrderList');

export const OrderIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0193f1b2-7c1e-7000-8000-00000000abcd' }),
});

export const LabelFormatSchema = z
  .enum(LABEL_FORMATS, { error: `Choose a label format: ${LABEL_FORMATS.join(', ')}` })
  .openapi('LabelFormat', {
    description:
      '`pdf-4x6`: a 4x6 inch page per label; `pdf-a4`: four labels to an A4 sheet with cut marks; `zpl`: ZPL II for thermal printers, one `^XA…^XZ` per label',
  });

export const LabelFormatQuerySchema = z.object({
  format: LabelFormatSchema.default('pdf-4x6').openapi({
    param: { name: 'format', in: 'query' },
    example: 'pdf-a4',
  }),
});

/** A day of a busy shop's parcels: the largest batch. */
export const MAX_LABEL_ORDERS = 500;

export const OrderLabelsBodySchema = z
  .strictObject({
    orderIds: z
      .array(z.string().min(1).max(64), { error: 'orderIds must be a list of order ids' })
      .min(1, 'Choose at least one order')
      .max(MAX_LABEL_ORDERS, `At most ${MAX_LABEL_ORDERS} orders at a time`),
    format: LabelFormatSchema.default('pdf-4x6'),
  })
  .openapi('OrderLabelsRequest');

export const CancelOrderBodySchema = z
  .strictObject({ reason: optionalText('Reason', 500) })
  .openapi('CancelOrderRequest');

export const IdempotencyHeadersSchema = z.object({
  // Documentation only: lib/idempotency.ts reads and checks the header itself.
  'Idempotency-Key': z
    .string()
    .optional()
    .openapi({
      description:
        'Optional. One key per intended operation: a retry with the same key and body replays the first response; ' +
        'the same key with another body answers 422; while the first request runs, 409. Keys live 24 hours.',
    }),
});

export const PaymentSessionSchema = z
  .object({
    provider: z.enum(['test', 'paypal']),
    providerOrderId: z.string(),
    approveUrl: z.string().optional().openapi({ description: 'Where the buyer approves the payment' }),
    clientId: z.string().optional().openapi({ description: 'PayPal client id for the JS SDK buttons' }),
  })
  .openapi('PaymentSession');
