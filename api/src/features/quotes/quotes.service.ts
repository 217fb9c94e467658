import { asc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import { type QuoteRequestRecord, quoteOptions, quotes } from '../../db/schema';
import { ukToday } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import {
  createEstimateDistanceProvider,
  DistanceLookupError,
  type DistanceProvider,
  type DistanceResult,
  nationOfPostcode,
} from '../../providers/distance';
import { candidatesFor } from './candidates';
import { defaultCollectionDate, deliveryDateFor } from './engine/delivery';
import { DEFAULT_VOLUMETRIC_DIVISOR, InvalidQuoteRequestError, priceQuote } from './engine/pricing';
import type { QuoteContext, QuoteOption, QuoteRequest } from './engine/types';
import { createPostcodeCentroidLookup } from './postcodes.service';
import { insertRows, quoteWriterFor } from './quote-writer';
import type { QuoteOptionDto, QuoteRequestInput } from './quotes.schemas';

/** How long a quote's prices hold (DESIGN §3). */
export const QUOTE_TTL_MS = 30 * 60 * 1000;

type QuoteRow = typeof quotes.$inferSelect;
type OptionRow = typeof quoteOptions.$inferSelect;

export type QuoteDto = {
  id: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  request: QuoteRequestRecord;
  collectionDate: string;
  options: QuoteOptionDto[];
};

export type QuoteOrigin = { userId?: string | undefined; partnerId?: string | undefined };

/** One fallback estimate per process; it reads the same postcode table as the main provider. */
const fallbackEstimates = new WeakMap<AppDeps, DistanceProvider>();

function fallbackEstimate(deps: AppDeps): DistanceProvider {
  let provider = fallbackEstimates.get(deps);
  if (!provider) {
    provider = createEstimateDistanceProvider({ lookupCentroid: createPostcodeCentroidLookup(deps.db) });
    fallbackEstimates.set(deps, provider);
  }
  return provider;
}

/**
 * What is stored per option beside its columns: the parts of the option as shown that have no
 * column, and how its price was built. The id, price, type, chargeable weight and date are
 * read back from the row's own columns, so they are not stored twice: the snapshot is most of
 * a quote's bytes, and the bytes written (to the WAL and again at checkpoint) were the largest
 * cost of a quote under load.
 */
type OptionSnapshot = {
  courierService: { name: string; logoUrl: string | null };
  vendor: { name: string };
  billedBy: QuoteOptionDto['billedBy'];
  transitDays: number;
  limits: QuoteOptionDto['limits'];
  badges: QuoteOptionDto['badges'];
  distance?: QuoteOptionDto['distance'];
  breakdown: QuoteOption['breakdown'];
};

function snapshotOf(option: QuoteOption): OptionSnapshot {
  return {
    courierService: { name: option.name, logoUrl: option.logoUrl },
    vendor: { name: option.vendorName },
    billedBy: option.billedBy,
    transitDays: option.transitDays,
    limits: option.limits,
    badges: option.badges,
    ...(option.distance ? { distance: option.distance } : {}),
    breakdown: option.breakdown,
  };
}

/**
 * The wire option, from the row's columns and its snapshot. The price comes from the columns,
 * the price lock a booking re-uses, so what a customer reads is always what they would pay.
 * Snapshots stored before the trim still hold every field; the columns win either way.
 */
function toOptionDto(row: OptionRow): QuoteOptionDto {
  const snapshot = row.snapshot as OptionSnapshot;
  // Options stored before they carried the divisor (such quotes expire within 30 minutes of the
  // upgrade) show the engine's default.
  const limits =
    snapshot.limits.volumetricDivisor == null
      ? { ...snapshot.limits, volumetricDivisor: DEFAULT_VOLUMETRIC_DIVISOR }
      : snapshot.limits;
  return {
    id: row.id,
    courierService: {
      id: row.courierServiceId,
      name: snapshot.courierService.name,
      logoUrl: snapshot.courierService.logoUrl,
    },
    vendor: { id: row.vendorId, name: snapshot.vendor.name },
    serviceType: row.serviceType,
    price: { net: row.net, vat: row.vat, total: row.total, currency: row.currency },
    chargeableWeightKg: row.chargeableWeightKg,
    billedBy: snapshot.billedBy,
    estimatedDelivery: row.estimatedDelivery,
    transitDays: snapshot.transitDays,
    limits,
    badges: snapshot.badges,
    ...(snapshot.distance ? { distance: snapshot.distance } : {}),
  };
}

function toQuoteDto(quote: QuoteRow, options: QuoteOptionDto[], now: Date): QuoteDto {
  return {
    id: quote.id,
    createdAt: quote.createdAt.toISOString(),
    expiresAt: quote.expiresAt.toISOString(),
    expired: quote.expiresAt.getTime() <= now.getTime(),
    request: quote.request,
    collectionDate: quote.request.collectionDate ?? defaultCollectionDate(quote.createdAt),
    options,
  };
}

export class QuotesService {
  constructor(private readonly deps: AppDeps) {}

  /**
   * Prices the request against the in-memory catalogue and stores the quote with all its
   * options in one transaction, so every option a customer sees is locked before they see it.
   */
  async create(input: QuoteRequestInput, origin: QuoteOrigin = {}): Promise<QuoteDto> {
    const { db } = this.deps;
    const now = this.deps.now();
    if (input.collectionDate !== undefined && input.collectionDate < ukToday(now)) {
      throw AppError.validation([
        { path: 'collectionDate', message: 'Collection date cannot be before today' },
      ]);
    }
    // Kept with the request, so the quote always says which collection day its dates assume.
    const collectionDate = input.collectionDate ?? defaultCollectionDate(now);
    const record: QuoteRequestRecord = {
      ...input,
      parcels: input.parcels.map((p) => ({ ...p })),
      collectionDate,
    };
    const request: QuoteRequest = { ...record };
    const ctx: QuoteContext = { now, collectionDate };

    if (input.serviceType === 'same_day') {
      const distance = await this.sameDayDistance(input.fromPostcode, input.toPostcode);
      ctx.distanceMiles = distance.miles;
      ctx.distanceSource = distance.source;
      // The nation a same-day postcode is in when the request does not say: its area's main town's.
      request.from = input.from ?? nationOfPostcode(input.fromPostcode);
      request.to = input.to ?? nationOfPostcode(input.toPostcode);
    }

    const services = candidatesFor(await this.deps.catalog.quotable(), request);
    let priced: QuoteOption[];
    try {
      priced = priceQuote(request, services, ctx);
    } catch (err) {
      // The route schema rejects these first; this keeps a gap between the two from becoming a 500.
      if (err instanceof InvalidQuoteRequestError)
        throw AppError.validation([{ path: 'parcels', message: err.message }]);
      throw err;
    }

    const quote: QuoteRow = {
      id: uuidv7(),
      request: record,
      serviceType: input.serviceType,
      userId: origin.userId ?? null,
      partnerId: origin.partnerId ?? null,
      optionCount: priced.length,
      createdAt: now,
      expiresAt: new Date(now.getTime() + QUOTE_TTL_MS),
    };
    const rows: OptionRow[] = priced.map((option, position) => ({
      id: uuidv7(),
      quoteId: quote.id,
      position,
      courierServiceId: option.courierServiceId,
      vendorId: option.vendorId,
      serviceType: option.serviceType,
      currency: option.price.currency,
      net: option.price.net,
      vat: option.price.vat,
      total: option.price.total,
      chargeableWeightKg: option.chargeableWeightKg,
      estimatedDelivery: option.estimatedDelivery,
      snapshot: snapshotOf(option),
    }));

    // The quote and all its options in one transaction, shared with whatever other quotes are
    // being written at the same moment (see quote-writer.ts).
    await quoteWriterFor(db).write([...insertRows(quotes, [quote]), ...insertRows(quoteOptions, rows)]);

    return toQuoteDto(quote, rows.map(toOptionDto), now);
  }

  async get(id: string): Promise<QuoteDto> {
    const { quote, options } = await this.load(id);
    return toQuoteDto(quote, options, this.deps.now());
  }

  /** An option's delivery for another collection date, by the rule a booking applies. */
  async deliveryDate(
    id: string,
    optionId: string,
    collectionDate: string,
  ): Promise<{ collectionDate: string; estimatedDelivery: string }> {
    const now = this.deps.now();
    const { options } = await this.load(id);
    const option = options.find((o) => o.id === optionId);
    if (!option) throw AppError.notFound('Quote option not found');
    if (collectionDate < ukToday(now)) {
      throw AppError.validation([
        { path: 'collectionDate', message: 'Collection date cannot be before today' },
      ]);
    }
    return {
      collectionDate,
      estimatedDelivery: deliveryDateFor(option.serviceType, option.transitDays, collectionDate, now),
    };
  }

  /** The stored quote row and its options as shown, in their original order. */
  async load(id: string): Promise<{ quote: QuoteRow; options: QuoteOptionDto[] }> {
    const { db } = this.deps;
    const [quoteRows, optionRows] = await db.batch([
      db.select().from(quotes).where(eq(quotes.id, id)),
      db.select().from(quoteOptions).where(eq(quoteOptions.quoteId, id)).orderBy(asc(quoteOptions.position)),
    ]);
    const quote = quoteRows[0];
    if (!quote) throw AppError.notFound('Quote not found');
    return {
      quote,
      options: optionRows.map(toOptionDto),
    };
  }

  /**
   * Road miles for a same-day quote. The customer's postcodes being unknown or unroutable is a
   * 422 naming them; the routing service failing is ours to absorb: the quote goes ahead on
   * the embedded estimate, marked as such.
   */
  private async sameDayDistance(fromPostcode: string, toPostcode: string): Promise<DistanceResult> {
    const { distance, logger } = this.deps;
    try {
      return await distance.milesBetween(fromPostcode, toPostcode);
    } catch (err) {
      if (!(err instanceof DistanceLookupError)) throw err;
      if (err.isInputError) {
        const message =
          err.code === 'zero_results'
            ? 'There is no road route between these postcodes'
            : 'We could not find this postcode; please check it';
        throw AppError.validation(
          [
            { path: 'fromPostcode', message },
            { path: 'toPostcode', message },
          ],
          message,
        );
      }
      logger.warn(
        { provider: distance.name, code: err.code, upstreamStatus: err.upstreamStatus },
        'distance provider failed; quoting on the estimate',
      );
      return fallbackEstimate(this.deps).milesBetween(fromPostcode, toPostcode);
    }
  }
}
