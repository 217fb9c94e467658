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
import { DEFAULT_HANDOVER, DEFAULT_LABEL_MODE } from '../../domain/handover';
import { type JsonBytes, utf8 } from '../../lib/json-bytes';
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
  /** Absent from facts stored before services said how parcels start: read as the defaults. */
  handover?: QuoteOptionDto['handover'];
  labelMode?: QuoteOptionDto['labelMode'];
};

/** The parts of a wire option shared by every option on the same facts, built once per facts row. */
export type SharedParts = {
  facts: ServiceFacts;
  courierService: QuoteOptionDto['courierService'];
  vendor: QuoteOptionDto['vendor'];
  /** The option's JSON between its numbers, as UTF-8 (see `writeOptionsJson`). */
  json: {
    /** From the id's closing quote to `"net":`, through "courierService", "vendor", "serviceType", "handover" and "labelMode". */
    afterPosition: Uint8Array;
    /** From the currency to `"chargeableWeightKg":`. */
    afterTotal: Uint8Array;
    /** From the date's closing quote to `"badges":`, through "transitDays" and "limits". */
    afterDate: Uint8Array;
  };
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

/** A day's date as text and as the bytes the quote writer copies, made once per day. */
const dates = new Map<number, { text: string; bytes: Uint8Array }>();

function dateOfDay(day: number): { text: string; bytes: Uint8Array } {
  let date = dates.get(day);
  if (date === undefined) {
    const text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    date = { text, bytes: utf8(text) };
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
    handover: service.handover,
    labelMode: service.labelMode,
  };
}

function sharedParts(stored: ServiceFacts): SharedParts {
  const facts = {
    ...stored,
    handover: stored.handover ?? DEFAULT_HANDOVER,
    labelMode: stored.labelMode ?? DEFAULT_LABEL_MODE,
  };
  const courierService = { id: facts.courierServiceId, name: facts.name, logoUrl: facts.logoUrl };
  const vendor = { id: facts.vendorId, name: facts.vendorName };
  return {
    facts,
    courierService,
    vendor,
    json: {
      afterPosition: utf8(
        `","courierService":${JSON.stringify(courierService)},"vendor":${JSON.stringify(vendor)},` +
          `"serviceType":${JSON.stringify(facts.serviceType)},"handover":${JSON.stringify(facts.handover)},` +
          `"labelMode":${JSON.stringify(facts.labelMode)},"price":{"net":`,
      ),
      afterTotal: utf8(`,"currency":${JSON.stringify(facts.currency)}},"chargeableWeightKg":`),
      afterDate: utf8(
        `","transitDays":${JSON.stringify(facts.transitDays)},"limits":${JSON.stringify(facts.limits)},"badges":`,
      ),
    },
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

/** An option's badges as a number: 1 at the lowest total ('cheapest'), 2 on the earliest day ('fastest'). */
function badgeMask(marks: Marks, total: number, day: number): number {
  return (total === marks.lowest ? 1 : 0) | (day === marks.earliest ? 2 : 0);
}

/** The badges of each `badgeMask`. */
const BADGE_LISTS: readonly QuoteOptionDto['badges'][] = [
  [],
  ['cheapest'],
  ['fastest'],
  ['cheapest', 'fastest'],
];

function badgesOf(marks: Marks, total: number, day: number): QuoteOptionDto['badges'] {
  return [...BADGE_LISTS[badgeMask(marks, total, day)]!];
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
      handover: part.facts.handover ?? DEFAULT_HANDOVER,
      labelMode: part.facts.labelMode ?? DEFAULT_LABEL_MODE,
      price: { net, vat, total, currency: part.facts.currency },
      chargeableWeightKg: kg,
      billedBy: volumetric ? 'volumetric' : 'actual',
      estimatedDelivery: dateOfDay(day).text,
      transitDays: part.facts.transitDays,
      limits: part.facts.limits,
      badges: badgesOf(marks, total, day),
      ...scores.score(part.facts.courierServiceId),
      record: scores.record(part.vendor.id),
      ...(marks.distance ? { distance: marks.distance } : {}),
    };
  });
}

const VAT = utf8(',"vat":');
const TOTAL = utf8(',"total":');
const BILLED_BY = [
  utf8(',"billedBy":"actual","estimatedDelivery":"'),
  utf8(',"billedBy":"volumetric","estimatedDelivery":"'),
];
/** The JSON of each `badgeMask`'s badges, followed by the comma before the scores. */
const BADGES = BADGE_LISTS.map((badges) => utf8(`${JSON.stringify(badges)},`));
/** Bytes a wire option takes beyond its shared parts and scores: the id, the numbers, the date. */
const OPTION_BYTES = 256;

/**
 * Writes exactly `JSON.stringify(decodeOptions(quote, parts, scores))` into `out`, from the JSON
 * each facts row keeps ready as bytes: the text is the same for every quote offering the same
 * service, so it is not built and serialized again per quote (docs/performance.md, "Pricing a
 * quote"). Numbers print as JSON prints them.
 * quote-record.test.ts holds the two equal.
 */
export function writeOptionsJson(
  out: JsonBytes,
  quote: QuoteRow,
  parts: ReadonlyMap<number, SharedParts>,
  scores: ScoreSnapshot,
): void {
  const marks = marksOf(quote);
  const close = utf8(marks.distance ? `,"distance":${JSON.stringify(marks.distance)}}` : '}');
  const idPrefix = JSON.stringify(`${quote.id}.`).slice(0, -1);
  const first = utf8(`{"id":${idPrefix}`);
  const next = utf8(`,{"id":${idPrefix}`);
  out.ascii(0x5b); // [
  quote.options.forEach(([ref, net, vat, total, kg, volumetric, day], position) => {
    const part = partOf(quote, parts, ref);
    out
      .bytes(position > 0 ? next : first)
      .number(position)
      .bytes(part.json.afterPosition)
      .number(net)
      .bytes(VAT)
      .number(vat)
      .bytes(TOTAL)
      .number(total)
      .bytes(part.json.afterTotal)
      .number(kg)
      .bytes(BILLED_BY[volumetric ? 1 : 0]!)
      .bytes(dateOfDay(day).bytes)
      .bytes(part.json.afterDate)
      .bytes(BADGES[badgeMask(marks, total, day)]!)
      .bytes(scores.jsonBytes(part.facts.courierServiceId))
      .bytes(scores.recordJsonBytes(part.vendor.id))
      .bytes(close);
  });
  out.ascii(0x5d); // ]
}

/** What `writeOptionsJson` is expected to write for `quote`, give or take: the writer's first size. */
export function optionsJsonCapacity(quote: QuoteRow, parts: ReadonlyMap<number, SharedParts>): number {
  let size = 2;
  for (const [ref] of quote.options) {
    const json = parts.get(ref)?.json;
    size +=
      OPTION_BYTES + (json ? json.afterPosition.length + json.afterTotal.length + json.afterDate.length : 0);
  }
  return size;
}

/** Where the quote log says a quote went from and to: postcodes for same day, else nations or GB. */
export function routeOf(request: QuoteRequestRecord): { from: string | null; to: string | null } {
  return {
    from: request.fromPostcode ?? request.from ?? (request.serviceType === 'international' ? 'GB' : null),
    to: request.toPostcode ?? request.to ?? null,
  };
}
