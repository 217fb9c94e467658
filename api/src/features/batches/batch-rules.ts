/**
 * Which quoted option a batch row gets (docs/batches.md, "Rules"). Pure and total: the same
 * options and rule always give the same choice, ties broken by delivery date, price and then the
 * service id.
 */
import type { BatchRowChoice, BatchRule } from '../../db/schema';

/** The parts of a quoted option the rules read (a QuoteOptionDto has them). */
export type RuleOption = {
  id: string;
  courierService: { id: string; name: string };
  vendor: { id: string; name: string };
  price: { net: number; vat: number; total: number; currency: BatchRowChoice['currency'] };
  estimatedDelivery: string;
};

export type RuleSettings = {
  rule: BatchRule;
  preferredCourier: string | null;
  fallback: 'cheapest' | 'fastest';
};

export type RowWishes = { service: string | null; courier: string | null };

export type Chosen = { option: RuleOption; choice: BatchRowChoice };
export type NotChosen = { column: 'service' | 'courier' | 'weight_kg'; message: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const byCourier = (name: string) => (o: RuleOption) => same(o.vendor.name, name) || o.vendor.id === name;
const byService = (name: string) => (o: RuleOption) =>
  same(o.courierService.name, name) || o.courierService.id === name;

const cheapestFirst = (a: RuleOption, b: RuleOption) =>
  a.price.total - b.price.total ||
  a.estimatedDelivery.localeCompare(b.estimatedDelivery) ||
  a.courierService.id.localeCompare(b.courierService.id);
const fastestFirst = (a: RuleOption, b: RuleOption) =>
  a.estimatedDelivery.localeCompare(b.estimatedDelivery) ||
  a.price.total - b.price.total ||
  a.courierService.id.localeCompare(b.courierService.id);

function best(options: readonly RuleOption[], order: 'cheapest' | 'fastest'): RuleOption {
  return [...options].sort(order === 'cheapest' ? cheapestFirst : fastestFirst)[0] as RuleOption;
}

function choiceOf(option: RuleOption, by: BatchRowChoice['by'], note: string | null): Chosen {
  return {
    option,
    choice: {
      courierServiceId: option.courierService.id,
      serviceName: option.courierService.name,
      vendorId: option.vendor.id,
      vendorName: option.vendor.name,
      currency: option.price.currency,
      net: option.price.net,
      vat: option.price.vat,
      coverFee: 0,
      total: option.price.total,
      estimatedDelivery: option.estimatedDelivery,
      by,
      note,
    },
  };
}

/** The option for a row, or why there is none (named by the column to change). */
export function chooseOption(
  options: readonly RuleOption[],
  settings: RuleSettings,
  wishes: RowWishes,
): Chosen | NotChosen {
  if (options.length === 0) {
    return {
      column: 'weight_kg',
      message: 'No service carries a parcel of this weight and size on this route on that day',
    };
  }
  // A row's own service or courier is what its sender asked for: it beats the batch's rule.
  if (wishes.service) {
    const fits = options.filter(byService(wishes.service));
    if (fits.length === 0) {
      return {
        column: 'service',
        message: `${wishes.service} cannot carry this row; leave the cell blank or choose one of ${names(options, (o) => o.courierService.name)}`,
      };
    }
    return choiceOf(best(fits, settings.rule === 'fastest' ? 'fastest' : 'cheapest'), 'service', null);
  }
  if (wishes.courier) {
    const fits = options.filter(byCourier(wishes.courier));
    if (fits.length === 0) {
      return {
        column: 'courier',
        message: `${wishes.courier} cannot carry this row; leave the cell blank or choose one of ${names(options, (o) => o.vendor.name)}`,
      };
    }
    return choiceOf(best(fits, settings.rule === 'fastest' ? 'fastest' : 'cheapest'), 'courier', null);
  }
  if (settings.rule === 'preferred' && settings.preferredCourier) {
    const fits = options.filter(byCourier(settings.preferredCourier));
    if (fits.length) return choiceOf(best(fits, 'cheapest'), 'preferred', null);
    return choiceOf(
      best(options, settings.fallback),
      'fallback',
      `${settings.preferredCourier} cannot carry this row: ${settings.fallback} of the others`,
    );
  }
  const rule = settings.rule === 'fastest' ? 'fastest' : 'cheapest';
  return choiceOf(best(options, rule), rule, null);
}

function names(options: readonly RuleOption[], of: (o: RuleOption) => string): string {
  return [...new Set(options.map(of))].sort().join(', ');
}
