/**
 * What a booking and a job both describe: a parcel collected at one address on a date and
 * delivered to another, with customs papers when it leaves the UK. Both check it with the same
 * rules here, so a job that a courier accepts is always an order a booking could have made.
 */
import type { OrderAddress } from '../../db/schema';
import { INTERNATIONAL_DESTINATIONS } from '../../domain/reference-data';
import type { ServiceType } from '../../domain/services';
import { collectionDateProblem } from '../../domain/uk-days';
import type { FieldError } from '../../lib/errors';
import { nationsOfPostcode, parseUkPostcode } from '../../providers/distance/postcode';

const countryName = (code: string) => INTERNATIONAL_DESTINATIONS.find((c) => c.code === code)?.name ?? code;

/** A UK address's postcode in its canonical form ("sw1a1aa" -> "SW1A 1AA"); others upper-cased. */
export function normaliseAddress(address: OrderAddress): OrderAddress {
  const uk = address.country === 'GB' ? parseUkPostcode(address.postcode) : null;
  const { line2, ...rest } = address;
  return {
    ...rest,
    ...(line2 ? { line2 } : {}),
    postcode: uk ? uk.postcode : address.postcode.toUpperCase(),
  };
}

export type ShipmentToCheck = {
  serviceType: ServiceType;
  /** What fixed the route and the price: named in the messages ("This quote is for …"). */
  fixedBy: 'quote' | 'job';
  /** For international: the destination country code the quote or job was made for. */
  destination: string;
  /** For domestic: the UK nations the quote or job was priced from and to. */
  nations?: { from?: string | undefined; to?: string | undefined };
  /** Normalised (see normaliseAddress). */
  collection: OrderAddress;
  delivery: OrderAddress;
  collectionDate: string;
  /** When it is booked: the collection date's rules (working days, the cut-off) read it in UK time. */
  now: Date;
  customs: unknown;
  items: readonly unknown[] | undefined;
  /** Same day: the postcodes the trip was priced between, and how to say an address is elsewhere. */
  sameDay: {
    fromPostcode: string | undefined;
    toPostcode: string | undefined;
    message: (postcode: string) => string;
  };
};

/**
 * Every problem with the shipment's date, route and papers, in field order; empty when it is
 * good. The route is part of the price, so the addresses must be where the quote or job said.
 */
export function shipmentErrors(s: ShipmentToCheck): FieldError[] {
  const errors: FieldError[] = [];
  const dateProblem = collectionDateProblem(s.collectionDate, s.now);
  if (dateProblem) errors.push({ path: 'collectionDate', message: dateProblem });
  if (s.collection.country !== 'GB') {
    errors.push({
      path: 'collectionAddress.country',
      message: 'Parcels are collected in the United Kingdom (GB)',
    });
  }
  if (s.serviceType === 'international') {
    if (s.delivery.country !== s.destination) {
      errors.push({
        path: 'deliveryAddress.country',
        message: `This ${s.fixedBy} is for delivery to ${countryName(s.destination)} (${s.destination}); the delivery address must be there`,
      });
    }
    if (!s.customs) {
      errors.push({ path: 'customs', message: 'Customs details are required for international shipments' });
    }
    if (!s.items?.length) {
      errors.push({ path: 'items', message: 'Add at least one item to the breakdown of contents' });
    }
  } else {
    if (s.delivery.country !== 'GB') {
      errors.push({
        path: 'deliveryAddress.country',
        message: 'This is a UK delivery: the delivery address must be in the United Kingdom (GB)',
      });
    }
    if (s.customs) {
      errors.push({ path: 'customs', message: 'Customs details are only for international shipments' });
    }
    if (s.items?.length) {
      errors.push({
        path: 'items',
        message: 'The breakdown of contents is only for international shipments',
      });
    }
  }
  if (s.serviceType === 'domestic') errors.push(...nationErrors(s));
  if (s.serviceType === 'same_day') {
    // Same-day prices are by distance between these two postcodes; others would change the price.
    const ends: [string, OrderAddress, string | undefined][] = [
      ['collectionAddress', s.collection, s.sameDay.fromPostcode],
      ['deliveryAddress', s.delivery, s.sameDay.toPostcode],
    ];
    for (const [path, address, postcode] of ends) {
      const expected = postcode ? (parseUkPostcode(postcode)?.postcode ?? postcode) : undefined;
      if (expected && address.postcode !== expected) {
        errors.push({ path: `${path}.postcode`, message: s.sameDay.message(expected) });
      }
    }
  }
  return errors;
}

/**
 * A domestic price is for a route between two nations: an address whose postcode is in another
 * nation would be carried on a route nobody priced (an England to Scotland quote booked to
 * Leeds). Border areas may be in either of their nations (nationsOfPostcode).
 */
function nationErrors(s: ShipmentToCheck): FieldError[] {
  const errors: FieldError[] = [];
  const ends = [
    ['collectionAddress', s.collection, s.nations?.from, 'collection from'],
    ['deliveryAddress', s.delivery, s.nations?.to, 'delivery to'],
  ] as const;
  for (const [path, address, nation, what] of ends) {
    if (!nation || address.country !== 'GB') continue;
    const nations = nationsOfPostcode(address.postcode);
    if (nations.length === 0 || nations.includes(nation as never)) continue;
    errors.push({
      path: `${path}.postcode`,
      message: `This ${s.fixedBy} is for ${what} ${nation}, but ${address.postcode} is in ${nations.join(' or ')}; check the postcode or get a new quote for ${nations.join(' or ')}`,
    });
  }
  return errors;
}
