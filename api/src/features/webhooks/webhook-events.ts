/**
 * The partner event catalogue: webhook types use the widget's names for the same moments
 * (widget/src/events.ts), plus the order's later changes. One table in docs/partners.md
 * describes both.
 */
import { orderReference } from '../orders';

export const PARTNER_EVENT_TYPES = [
  {
    type: 'booking:completed',
    description: 'The shopper paid: the order is booked (the widget fires the same event).',
  },
  {
    type: 'order.status_changed',
    description: 'The order moved: confirmed, in transit, delivered or cancelled.',
  },
  { type: 'order.cancelled', description: 'The order was cancelled (a paid order is refunded).' },
  { type: 'order.refunded', description: "The order's payment was refunded." },
  {
    type: 'order.updated',
    description: 'The courier changed the order without moving its status (tracking number, dates).',
  },
  { type: 'order.tracking_event', description: 'The courier reported a tracking event.' },
  {
    type: 'return.created',
    description:
      'A return of the order was booked (docs/claims-and-returns.md): the return order, the reason and who pays.',
  },
  {
    type: 'claim.updated',
    description:
      'A claim on the order was filed or moved (docs/claims-and-returns.md): its kind, the status before and after.',
  },
  {
    type: 'batch.completed',
    description: "Every paid row of a batch's payment is booked or failed (docs/batches.md).",
  },
] as const;

/** Only sent by `POST /partner/webhook-endpoints/{id}/test`, to the endpoint tested. */
export const PING = 'ping';

/** The outbox events the webhooks listen to (lib/outbox.ts); every `order.*` type, new ones included. */
export const SOURCE_TYPES = [
  'order.*',
  'payment.refunded',
  'webhook.ping',
  'batch.completed',
  'return.created',
  'claim.changed',
] as const;

export const isKnownType = (type: string) => type === '*' || PARTNER_EVENT_TYPES.some((e) => e.type === type);

type Source = { type: string; data: Record<string, unknown> };
/** What the order itself adds (read when sending; both are frozen at booking). */
type OrderFacts = { total: number; currency: string } | null;

/**
 * The partner events one outbox event becomes, with their data: personal data never goes out
 * (notes are free text people write, so they are left out too). A new `order.<x>` outbox type
 * goes out as `order.<x>` with its data, less notes.
 */
export function partnerEventsOf(
  source: Source,
  order: OrderFacts = null,
): { type: string; data: Record<string, unknown> }[] {
  const { data } = source;
  const orderId = typeof data.orderId === 'string' ? data.orderId : null;
  if (source.type === 'webhook.ping') return [{ type: PING, data: { endpointId: data.endpointId } }];
  if (source.type === 'batch.completed') {
    const { batchId, chargeId, booked, failed } = data;
    return [{ type: 'batch.completed', data: { batchId, chargeId, booked, failed } }];
  }
  if (!orderId) return [];
  const ref = { orderId, reference: orderReference(orderId) };
  switch (source.type) {
    case 'order.paid':
      return [
        {
          type: 'booking:completed',
          data: { ...ref, total: order?.total ?? null, currency: order?.currency ?? null },
        },
      ];
    case 'order.status_changed': {
      const change = { ...ref, from: data.from, to: data.to };
      return data.to === 'cancelled'
        ? [
            { type: 'order.status_changed', data: change },
            { type: 'order.cancelled', data: { ...ref, from: data.from } },
          ]
        : [{ type: 'order.status_changed', data: change }];
    }
    case 'order.updated':
      return [{ type: 'order.updated', data: ref }];
    case 'return.created': {
      // The original's reference and the return's; the shopper's details stay out.
      const returnOrderId = String(data.returnOrderId);
      return [
        {
          type: 'return.created',
          data: {
            ...ref,
            returnOrderId,
            returnReference: orderReference(returnOrderId),
            reason: data.reason,
            payer: data.payer,
          },
        },
      ];
    }
    case 'claim.changed': {
      // Where the claim stands; the customer's description and both sides' notes stay out.
      const claimId = String(data.claimId);
      return [
        {
          type: 'claim.updated',
          data: {
            ...ref,
            claimId,
            claimReference: orderReference(claimId),
            kind: data.kind,
            from: data.from,
            to: data.to,
          },
        },
      ];
    }
    case 'payment.refunded':
      return [{ type: 'order.refunded', data: { ...ref, refunded: data.amount, currency: data.currency } }];
    default: {
      if (!source.type.startsWith('order.')) return [];
      const { note: _note, ...rest } = data;
      return [{ type: source.type, data: { ...rest, ...ref } }];
    }
  }
}
