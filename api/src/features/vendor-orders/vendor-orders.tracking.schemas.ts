import { DRIVER_NAME_MAX } from '@consign/shared/tracking';
import { z } from '@hono/zod-openapi';
import { DeliveryRoundFields, TrackingEventKindSchema } from '../orders';
import { BULK_COLUMNS, OPTIONAL_BULK_COLUMNS } from './vendor-orders.bulk';

export const AddTrackingEventBodySchema = z
  .strictObject({
    kind: TrackingEventKindSchema.openapi({
      description: 'What happened; the order’s status does not change',
    }),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(500, 'Note must be at most 500 characters')
      .optional()
      .openapi({ description: 'Required with delivery_attempted and exception: what happened, what next' }),
    expectedDelivery: z.string({ error: 'Expected delivery must be a date' }).optional().openapi({
      format: 'date',
      description: 'Required with delayed: the new expected delivery date, shown as promised',
    }),
    driverName: z
      .string({ error: 'Driver’s name must be text' })
      .trim()
      .max(DRIVER_NAME_MAX, `Driver’s name must be at most ${DRIVER_NAME_MAX} characters`)
      .optional()
      .openapi({
        example: 'Sam',
        description:
          'With out_for_delivery only: the driver’s first name, shown to the recipient (email and tracking page)',
      }),
    windowFrom: z.string({ error: 'Window start must be a time' }).optional().openapi({
      example: '10:00',
      description: 'With out_for_delivery only: the start of the delivery window, 24-hour HH:MM UK time',
    }),
    windowTo: z.string({ error: 'Window end must be a time' }).optional().openapi({
      example: '12:00',
      description: 'With windowFrom: the end of the delivery window, after its start',
    }),
  })
  .openapi('AddTrackingEventRequest');

export type AddTrackingEventBody = z.infer<typeof AddTrackingEventBodySchema>;

export const BulkUpdateBodySchema = z
  .strictObject({
    text: z
      .string({ error: 'Send the CSV file’s text' })
      .min(1, 'The file is empty')
      .max(1_000_000, 'The file is larger than 1 MB: split it')
      .openapi({
        description:
          'The CSV file: a header naming Order ID, Status or event, Tracking number, Note, Date and optionally Driver, Window from, Window to (any order, any case, `window_from` too), then one row per change',
        example:
          'Order ID,Status or event,Tracking number,Note,Date,Driver,Window from,Window to\r\n#a1b2c3d4,in transit,1Z999AA10123456784,,,,,\r\n#a1b2c3d4,out for delivery,,,,Sam,10:00,12:00\r\n',
      }),
  })
  .openapi('BulkUpdateRequest');

const BulkProblemSchema = z.object({
  field: z.enum([...BULK_COLUMNS, ...OPTIONAL_BULK_COLUMNS]),
  message: z.string(),
});

export const BulkRowSchema = z
  .object({
    line: z.number().int().openapi({ description: 'The line in the file; the header is line 1' }),
    reference: z.string().openapi({ description: 'The Order ID as written' }),
    orderReference: z.string().nullable().openapi({ description: 'The order it names, when it is yours' }),
    action: z
      .string()
      .nullable()
      .openapi({ description: 'A status, a tracking event kind, or tracking_number', example: 'in_transit' }),
    trackingNumber: z.string().nullable(),
    note: z.string().nullable(),
    date: z.string().nullable().openapi({ description: 'YYYY-MM-DD' }),
    ...DeliveryRoundFields,
    ok: z.boolean().openapi({ description: 'The row passed every check' }),
    applied: z.boolean(),
    problems: z.array(BulkProblemSchema),
    result: z.string().openapi({ description: 'The outcome in words, as in the result file' }),
  })
  .openapi('BulkUpdateRow');

export const BulkPreviewSchema = z
  .object({
    rows: z.array(BulkRowSchema),
    valid: z.number().int(),
    invalid: z.number().int(),
    applied: z.number().int().openapi({ description: 'Always 0 in a preview' }),
  })
  .openapi('BulkUpdatePreview');

export const BulkResultSchema = BulkPreviewSchema.extend({
  resultFileName: z.string().openapi({ example: 'order-updates-2026-05-01-result.csv' }),
  resultCsv: z.string().openapi({ description: 'The rows as uploaded with Result and Message columns' }),
}).openapi('BulkUpdateResult');
