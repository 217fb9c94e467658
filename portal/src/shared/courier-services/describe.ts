/** How a courier service reads in lists: its route and the start of its price table. */
import { formatMoney } from '@consign/shared/money';
import { ANY_LOCATION } from '@consign/shared/nations';
import type { CourierService } from '../api/courier-services';
import type { Country } from '../api/quotes';

const ANY = ANY_LOCATION;

/** A service type as the services page and onboarding's pricing step name it. */
export const SERVICE_TYPE_LABELS: Record<CourierService['serviceType'], string> = {
  domestic: 'Domestic',
  international: 'International',
  same_day: 'Same Day',
};

function locationName(value: string | undefined): string {
  return value?.trim() ? value : ANY;
}

export function routeLabel(service: CourierService, destinations: readonly Country[]): string {
  if (service.serviceType === 'international') {
    const to = service.toLocation;
    if (typeof to === 'string') {
      return `United Kingdom → ${to.toLowerCase() === 'any' || !to ? ANY : nameOf(to, destinations)}`;
    }
    if (to.length === 0) return `United Kingdom → ${ANY}`;
    const names = to.slice(0, 3).map((code) => nameOf(code, destinations));
    return `United Kingdom → ${names.join(', ')}${to.length > 3 ? ` +${to.length - 3} more` : ''}`;
  }
  const to = Array.isArray(service.toLocation) ? service.toLocation.join(', ') : service.toLocation;
  return `${locationName(service.fromLocation)} → ${locationName(to)}`;
}

function nameOf(code: string, destinations: readonly Country[]): string {
  return destinations.find((d) => d.code === code)?.name ?? code;
}

/** The spec: the first two tiers as 'Nkg: £price', then '+N more'. */
export function pricingSummary(service: Pick<CourierService, 'weightTiers' | 'currency'>): string[] {
  const lines = service.weightTiers
    .slice(0, 2)
    .map((tier) => `${tier.maxKg}kg: ${formatMoney(tier.price, service.currency)}`);
  if (service.weightTiers.length > 2) lines.push(`+${service.weightTiers.length - 2} more`);
  return lines;
}
