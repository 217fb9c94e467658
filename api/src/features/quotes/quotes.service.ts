import { and, eq, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import { type Database, type PreparedWrite, perDatabase } from '../../db/client';
import { type QuoteRequestRecord, quotes } from '../../db/schema';
import { collectionDateProblem } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { JsonBytes } from '../../lib/json-bytes';
import {
  createEstimateDistanceProvider,
  DistanceLookupError,
  type DistanceProvider,
  type DistanceResult,
  nationOfPostcode,
} from '../../providers/distance';
import { type QuotableService, type ScoreSnapshot, scoreBoardFor } from '../couriers';
import { candidatesFor } from './candidates';
import { defaultCollectionDate, deliveryDateFor } from './engine/delivery';
import { InvalidQuoteRequestError, priceQuote } from './engine/pricing';
import type { QuoteContext, QuoteOption, QuoteRequest } from './engine/types';
import { createPostcodeCentroidLookup } from './postcodes.service';
import {
  decodeOptions,
  optionsJsonCapacity,
  parseOptionId,
  type QuoteRow,
  type SharedParts,
  writeOptionsJson,
} from './quote-record';
import { quoteStoreFor } from './quote-store';
import type { QuoteOptionDto, QuoteRequestInput } from './quotes.schemas';

/** How long a quote's prices hold (docs/architecture.md §3.1). */
export const QUOTE_TTL_MS = 30 * 60 * 1000;

export type QuoteDto = {
  id: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  request: QuoteRequestRecord;
  collectionDate: string;
  options: QuoteOptionDto[];
  routeServed: boolean;
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

/** The catalogue services by id, once per candidate list (candidate lists are cached per snapshot). */
const servicesById = new WeakMap<readonly QuotableService[], Map<string, QuotableService>>();

function serviceOf(candidates: readonly QuotableService[], option: QuoteOption): QuotableService {
  let byId = servicesById.get(candidates);
  if (!byId) {
    byId = new Map(candidates.map((service) => [service.id, service]));
    servicesById.set(candidates, byId);
  }
  const service = byId.get(option.courierServiceId);
  if (!service) throw new Error(`priced service ${option.courierServiceId} is not a candidate`);
  return service;
}

/** The nations a same-day request runs between when it does not say: its postcode areas' main towns'. */
function nationsOf(record: QuoteRequestRecord): Pick<QuoteRequest, 'from' | 'to'> {
  if (record.serviceType !== 'same_day') return {};
  return {
    from: record.from ?? nationOfPostcode(record.fromPostcode),
    to: record.to ?? nationOfPostcode(record.toPostcode),
  };
}

function headOf(quote: QuoteRow, now: Date, routeServed: boolean): Omit<QuoteDto, 'options'> {
  return {
    id: quote.id,
    createdAt: quote.createdAt.toISOString(),
    expiresAt: quote.expiresAt.toISOString(),
    expired: quote.expiresAt.getTime() <= now.getTime(),
    request: quote.request,
    collectionDate: quote.request.collectionDate ?? defaultCollectionDate(quote.createdAt),
    routeServed,
  };
}

/** A stored quote as shown at `now`: as an object, or as the JSON the routes send. */
export class QuoteView {
  constructor(
    readonly quote: QuoteRow,
    private readonly parts: ReadonlyMap<number, SharedParts>,
    private readonly now: Date,
    private readonly routeServed: boolean,
    private readonly scores: ScoreSnapshot,
  ) {}

  dto(): QuoteDto {
    return {
      ...headOf(this.quote, this.now, this.routeServed),
      options: decodeOptions(this.quote, this.parts, this.scores),
    };
  }

  /**
   * Exactly `JSON.stringify(this.dto())` in UTF-8, without building the options (see
   * `writeOptionsJson`).
   */
  jsonBytes(): Buffer<ArrayBuffer> {
    const head = JSON.stringify(headOf(this.quote, this.now, this.routeServed));
    const out = new JsonBytes(head.length + 16 + optionsJsonCapacity(this.quote, this.parts));
    out.text(`${head.slice(0, -1)},"options":`);
    writeOptionsJson(out, this.quote, this.parts, this.scores);
    return out.ascii(0x7d).finish(); // }
  }
}

export class QuotesService {
  constructor(private readonly deps: AppDeps) {}

  /**
   * Prices the request against the in-memory catalogue and stores the quote with all its
   * options in one transaction, so every option a customer sees is locked before they see it.
   */
  async create(input: QuoteRequestInput, origin: QuoteOrigin = {}): Promise<QuoteView> {
    const { db } = this.deps;
    const now = this.deps.now();
    const dateProblem =
      input.collectionDate === undefined ? null : collectionDateProblem(input.collectionDate, now);
    if (dateProblem) throw AppError.validation([{ path: 'collectionDate', message: dateProblem }]);
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
    }
    Object.assign(request, nationsOf(record));

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

    const quote = await quoteStoreFor(db).save(
      {
        id: uuidv7(),
        request: record,
        serviceType: input.serviceType,
        userId: origin.userId ?? null,
        partnerId: origin.partnerId ?? null,
        distanceMiles: ctx.distanceMiles ?? null,
        distanceSource: ctx.distanceMiles === undefined ? null : (ctx.distanceSource ?? 'estimate'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + QUOTE_TTL_MS),
        bookedAt: null,
      },
      priced,
      priced.map((option) => serviceOf(services, option)),
    );

    // Shown from the stored form, exactly as GET /quotes/{id} will show it again.
    return new QuoteView(quote, await this.partsOf(quote), now, services.length > 0, await this.scores(now));
  }

  /** A stored quote as shown now; 404 when unknown. */
  async get(id: string): Promise<QuoteView> {
    const found = await this.find(id);
    if (!found) throw AppError.notFound('Quote not found');
    return found;
  }

  /** A stored quote as shown now, or null (never stored, or deleted after expiry). */
  async find(id: string): Promise<QuoteView | null> {
    const quote = await quoteStoreFor(this.deps.db).find(id);
    return quote ? this.view(quote, this.deps.now()) : null;
  }

  /**
   * The option a booking names, with its quote: the stored price, type and service it was shown
   * with. Null when the id names no stored option.
   */
  async findOption(id: string): Promise<{ quote: QuoteRow; option: QuoteOptionDto } | null> {
    const parsed = parseOptionId(id);
    if (!parsed) return null;
    const found = await this.find(parsed.quoteId);
    const option = found?.dto().options[parsed.position];
    return found && option ? { quote: found.quote, option } : null;
  }

  private async view(quote: QuoteRow, now: Date): Promise<QuoteView> {
    // A quote with options is served; one without says whether any service covers its route now.
    const served =
      quote.options.length > 0 ||
      candidatesFor(await this.deps.catalog.quotable(), { ...quote.request, ...nationsOf(quote.request) })
        .length > 0;
    return new QuoteView(quote, await this.partsOf(quote), now, served, await this.scores(now));
  }

  /** Each service's measured scores, from the in-memory board (couriers/scores.ts). */
  private scores(now: Date) {
    return scoreBoardFor(this.deps.db).read(now);
  }

  private partsOf(quote: QuoteRow) {
    return quoteStoreFor(this.deps.db).partsOf(quote);
  }

  /** An option's delivery for another collection date, by the rule a booking applies. */
  async deliveryDate(
    id: string,
    optionId: string,
    collectionDate: string,
  ): Promise<{ collectionDate: string; estimatedDelivery: string }> {
    const now = this.deps.now();
    const found = await this.findOption(optionId);
    if (!found || found.quote.id !== id) throw AppError.notFound('Quote option not found');
    const dateProblem = collectionDateProblem(collectionDate, now);
    if (dateProblem) throw AppError.validation([{ path: 'collectionDate', message: dateProblem }]);
    return {
      collectionDate,
      estimatedDelivery: deliveryDateFor(
        found.option.serviceType,
        found.option.transitDays,
        collectionDate,
        now,
      ),
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

/**
 * Marks a quote booked, in the same batch that creates the order (order-store.ts), so
 * the retention job (quotes.retention.ts) never deletes a quote an order was made from. Built
 * once per database.
 */
export function quoteBookedWrite(db: Database, quoteId: string, now: Date): PreparedWrite {
  return { query: quoteBookedQuery(db), values: { quoteId, bookedAtMs: now.getTime() } };
}

const quoteBookedQuery = perDatabase((db): PreparedWrite['query'] =>
  db
    .update(quotes)
    // As SQL, which drizzle does not encode: the column's own form, milliseconds.
    .set({ bookedAt: sql`${sql.placeholder('bookedAtMs')}` })
    .where(and(eq(quotes.id, sql.placeholder('quoteId')), isNull(quotes.bookedAt)))
    .prepare(),
);
