/**
 * PayPal sends every event to the one webhook (payments.webhooks), verified there once. Events
 * about things above payments (payouts) are handed to whoever registered for them at start-up
 * (src/registrations.ts), so payments imports nothing of them.
 */
import type { AppDeps } from '../../context';

export interface ProviderEventHandler {
  /** Unique; for logs. */
  name: string;
  /** The event types it takes: exact names, or a prefix ending in `*` (`PAYMENT.PAYOUTSBATCH.*`). */
  types: readonly string[];
  /** Acts on a verified event once (the delivery is de-duplicated already); answers the outcome in words. */
  handle(deps: AppDeps, eventType: string, resource: Record<string, unknown>): Promise<string>;
}

const handlers = new Map<string, ProviderEventHandler>();

export function registerProviderEventHandler(handler: ProviderEventHandler): void {
  handlers.set(handler.name, handler);
}

export function providerEventHandlerFor(eventType: string): ProviderEventHandler | undefined {
  return [...handlers.values()].find((h) =>
    h.types.some((t) => t === eventType || (t.endsWith('*') && eventType.startsWith(t.slice(0, -1)))),
  );
}
