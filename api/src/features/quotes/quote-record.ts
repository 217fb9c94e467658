/**
 * The compact stored form of a quote (issue 12: "one compact record per quote"). A quote is one
 * `quotes` row whose `options` column holds one short array per option (`StoredOption`); what
 * an option shows of its courier service (names, logo, transit days, limits, currency, ids) is
 * stored once per distinct set of facts in `quote_services` and referred to by number. Fifty
 * options take about 1.5 KB this way, against about 35 KB as fifty rows with JSON snapshots.
 *
 * The price, chargeable weight and delivery date of every option are stored as computed, never
 * recomputed: the row is the price lock a booking re-reads, and what `GET /quotes/{id}` shows
 * again.
 */
import { inArray } from 'drizzle-orm';
import { type Database, perDatabase } from '../../db/client';
import { type QuoteRequestRecord, quoteServices, type quotes, type StoredOption } from '../../db/schema';
import type { QuotableService, ScoreSnapshot } from '../couriers';
import { limitsOf } from './engine/pricing';
import type { DistanceSource, QuoteOption, ServiceLimits } from './engine/types';
import type { QuoteOptionDto } from './quotes.schemas';

export type QuoteRow = typeof quotes.$inferSelect;

/** What an option shows and a booking needs of its courier service, as it was when quoted. */
export type ServiceFacts = {
  courierServiceId: string;
  vendorId: string;
  name: string;
  logoUrl: string | null;
  vendorName: string;
  serviceType: QuoteOptionDto['serviceType'];
  currency: QuoteOptionDto['price']['currency'];
  transitDays: number;
  limits: ServiceLimits;
};

/** The parts of a wire option shared by every option on the same facts, built once per facts row. */
export type SharedParts = {
  facts: ServiceFacts;
  courierService: QuoteOptionDto['courierService'];
  vendor: QuoteOptionDto['vendor'];
  /** The option's JSON from "courierService" to "serviceType", and its "transitDays" and "limits". */
  jsonHead: string;
  jsonTail: string;
};

const DAY_MS = 86_400_000;

/** An option's id: the quote's id and its position, so a booking finds it by the primary key. */
export function optionId(quoteId: string, position: number): string {
  return `${quoteId}.${position}`;
}

/** The quote id and position an option id names, or null when it cannot be one. */
export function parseOptionId(value: string): { quoteId: string; position: number } | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const digits = value.slice(dot + 1);
  if (!/^\d{1,4}$/.test(digits)) return null;
  return { quoteId: value.slice(0, dot), position: Number(digits) };
}

const dayNumbers = new Map<string, number>();

function dayNumber(date: string): number {
  let day = dayNumbers.get(date);
  if (day === undefined) {
    day = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
    if (dayNumbers.size > 10_000) dayNumbers.clear();
    dayNumbers.set(date, day);
  }
  return day;
}

const dates = new Map<number, string>();

function dateOfDay(day: number): string {
  let date = dates.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    // Dates in use are a few weeks' worth; the bound only guards against odd data.
    if (dates.size > 10_000) dates.clear();
    dates.set(day, date);
  }
  return date;
}

function factsOf(service: QuotableService): ServiceFacts {
  // Fixed key order: the JSON of these facts is the row's unique key.
  return {
    courierServiceId: service.id,
    vendorId: service.vendorId,
    name: service.name,
    logoUrl: service.logoUrl,
    vendorName: service.vendorName,
    serviceType: service.serviceType,
    currency: service.currency,
    transitDays: service.transitDays,
    limits: { ...limitsOf(service) },
  };
}

function sharedParts(facts: ServiceFacts): SharedParts {
  const courierService = { id: facts.courierServiceId, name: facts.name, logoUrl: facts.logoUrl };
  const vendor = { id: facts.vendorId, name: facts.vendorName };
  return {
    facts,
    courierService,
    vendor,
    jsonHead: `"courierService":${JSON.stringify(courierService)},"vendor":${JSON.stringify(vendor)},"serviceType":${JSON.stringify(facts.serviceType)}`,
    jsonTail: `"transitDays":${facts.transitDays},"limits":${JSON.stringify(facts.limits)}`,
  };
}

/**
 * The `quote_services` rows this process knows, both ways. Rows never change once written, so
 * the cache never goes stale; a service's facts are looked up (or inserted) once per catalogue
 * snapshot and then found through the frozen service object.
 */
class ServiceFactsStore {
  readonly #byService = new WeakMap<QuotableService, number>();
  readonly #byKey = new Map<string, number>();
  readonly #byRef = new Map<number, SharedParts>();

  constructor(private readonly db: Database) {}

  /** The facts row of each service, in order; inserts the rows not stored yet. */
  async refsFor(services: readonly QuotableService[]): Promise<number[]> {
    const refs = services.map((service) => this.#byService.get(service));
    if (refs.every((ref) => ref !== undefined)) return refs as number[];

    const missing = new Map<string, { facts: ServiceFacts; services: QuotableService[] }>();
    services.forEach((service, i) => {
      if (refs[i] !== undefined) return;
      const facts = factsOf(service);
      const key = JSON.stringify(facts);
      const known = this.#byKey.get(key);
      if (known !== undefined) {
        refs[i] = known;
        this.#byService.set(service, known);
        return;
      }
      const entry = missing.get(key) ?? { facts, services: [] };
      entry.services.push(service);
      missing.set(key, entry);
    });
    if (missing.size > 0) {
      const keys = [...missing.keys()];
      // Another process (or a concurrent quote here) may insert the same facts: the unique key
      // makes them share one row, whoever wrote it.
      await this.db
        .insert(quoteServices)
        .values(keys.map((facts) => ({ facts })))
        .onConflictDoNothing();
      const rows = await this.db.select().from(quoteServices).where(inArray(quoteServices.facts, keys));
      for (const row of rows) this.#remember(row.id, row.facts, missing.get(row.facts)?.facts);
      for (const [key, entry] of missing) {
        const ref = this.#byKey.get(key);
        if (ref === undefined) throw new Error('quote service facts were not stored');
        for (const service of entry.services) this.#byService.set(service, ref);
      }
      services.forEach((service, i) => {
        refs[i] ??= this.#byService.get(service);
      });
    }
    return refs as number[];
  }

  /** The shared parts of each facts row named, reading the ones this process has not seen. */
  async partsFor(refs: Iterable<number>): Promise<Map<number, SharedParts>> {
    const wanted = new Set(refs);
    const unknown = [...wanted].filter((ref) => !this.#byRef.has(ref));
    if (unknown.length > 0) {
      const rows = await this.db.select().from(quoteServices).where(inArray(quoteServices.id, unknown));
      for (const row of rows) this.#remember(row.id, row.facts);
    }
    const parts = new Map<number, SharedParts>();
    for (const ref of wanted) {
      const part = this.#byRef.get(ref);
      if (part) parts.set(ref, part);
    }
    return parts;
  }

  #remember(ref: number, key: string, facts?: ServiceFacts) {
    this.#byKey.set(key, ref);
    if (!this.#byRef.has(ref)) this.#byRef.set(ref, sharedParts(facts ?? (JSON.parse(key) as ServiceFacts)));
  }
}

export const serviceFactsStore = perDatabase((db) => new ServiceFactsStore(db));

/** The stored form of priced options, `refs[i]` being the facts row of `options[i]`'s service. */
export function encodeOptions(options: readonly QuoteOption[], refs: readonly number[]): StoredOption[] {
  return options.map((option, i) => [
    refs[i]!,
    option.price.net,
    option.price.vat,
    option.price.total,
    option.chargeableWeightKg,
    option.billedBy === 'volumetric' ? 1 : 0,
    dayNumber(option.estimatedDelivery),
  ]);
}

type Marks = { lowest: number; earliest: number; distance: QuoteOptionDto['distance'] };

/**
 * Badges are not stored: they follow from the stored totals and dates exactly as the engine set
 * them ('cheapest' on every option at the lowest total, 'fastest' on every option with the
 * earliest date).
 */
function marksOf(quote: QuoteRow): Marks {
  let lowest = Number.POSITIVE_INFINITY;
  let earliest = Number.POSITIVE_INFINITY;
  for (const option of quote.options) {
    if (option[3] < lowest) lowest = option[3];
    if (option[6] < earliest) earliest = option[6];
  }
  const distance =
    quote.distanceMiles != null
      ? { miles: quote.distanceMiles, source: (quote.distanceSource ?? 'estimate') as DistanceSource }
      : undefined;
  return { lowest, earliest, distance };
}

function badgesOf(marks: Marks, total: number, day: number): QuoteOptionDto['badges'] {
  const badges: QuoteOptionDto['badges'] = [];
  if (total === marks.lowest) badges.push('cheapest');
  if (day === marks.earliest) badges.push('fastest');
  return badges;
}

function partOf(quote: QuoteRow, parts: ReadonlyMap<number, SharedParts>, ref: number): SharedParts {
  const part = parts.get(ref);
  if (!part) throw new Error(`quote ${quote.id}: service facts ${ref} are missing`);
  return part;
}

/**
 * The options as the customer saw them, with each service's scores as `scores` has them now:
 * prices are locked with the quote, scores are information and always current.
 */
export function decodeOptions(
  quote: QuoteRow,
  parts: ReadonlyMap<number, SharedParts>,
  scores: ScoreSnapshot,
): QuoteOptionDto[] {
  const marks = marksOf(quote);
  return quote.options.map(([ref, net, vat, total, kg, volumetric, day], position) => {
    const part = partOf(quote, parts, ref);
    return {
      id: optionId(quote.id, position),
      courierService: part.courierService,
      vendor: part.vendor,
      serviceType: part.facts.serviceType,
      price: { net, vat, total, currency: part.facts.currency },
      chargeableWeightKg: kg,
      billedBy: volumetric ? 'volumetric' : 'actual',
      estimatedDelivery: dateOfDay(day),
      transitDays: part.facts.transitDays,
      limits: part.facts.limits,
      badges: badgesOf(marks, total, day),
      ...scores.score(part.facts.courierServiceId),
      ...(marks.distance ? { distance: marks.distance } : {}),
    };
  });
}

/**
 * Exactly `JSON.stringify(decodeOptions(quote, parts, scores))`, built from the JSON each facts row
 * keeps ready: the profile of the quote benchmark showed building fifty option objects and
 * serializing them again as a large share of a quote's CPU, for text that is the same for every
 * quote offering the same service. Numbers print as JSON prints them (finite numbers only are
 * ever stored). quote-record.test.ts holds the two equal.
 */
export function optionsJson(
  quote: QuoteRow,
  parts: ReadonlyMap<number, SharedParts>,
  scores: ScoreSnapshot,
): string {
  const marks = marksOf(quote);
  const distance = marks.distance ? `,"distance":${JSON.stringify(marks.distance)}` : '';
  const idPrefix = JSON.stringify(`${quote.id}.`).slice(0, -1);
  let json = '[';
  quote.options.forEach(([ref, net, vat, total, kg, volumetric, day], position) => {
    const part = partOf(quote, parts, ref);
    if (position > 0) json += ',';
    json +=
      `{"id":${idPrefix}${position}",${part.jsonHead},` +
      `"price":{"net":${net},"vat":${vat},"total":${total},"currency":"${part.facts.currency}"},` +
      `"chargeableWeightKg":${kg},"billedBy":"${volumetric ? 'volumetric' : 'actual'}",` +
      `"estimatedDelivery":"${dateOfDay(day)}",${part.jsonTail},"badges":${JSON.stringify(badgesOf(marks, total, day))},` +
      `${scores.json(part.facts.courierServiceId)}${distance}}`;
  });
  return `${json}]`;
}

/** Where the quote log says a quote went from and to: postcodes for same day, else nations or GB. */
export function routeOf(request: QuoteRequestRecord): { from: string | null; to: string | null } {
  return {
    from: request.fromPostcode ?? request.from ?? (request.serviceType === 'international' ? 'GB' : null),
    to: request.toPostcode ?? request.to ?? null,
  };
}
