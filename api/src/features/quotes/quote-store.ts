/**
 * Where quotes live: the one door to the quote record's compact encoding (quote-record.ts),
 * the shared service-facts cache and the batching writer (quote-writer.ts). The quotes service
 * prices; this stores, finds and re-reads what it priced, one store per database.
 */
import { eq, sql } from 'drizzle-orm';
import { type Database, perDatabase } from '../../db/client';
import { quoteLog, quotes } from '../../db/schema';
import type { QuotableService } from '../../domain/courier-services';
import type { QuoteOption } from './engine/types';
import { encodeOptions, type QuoteRow, routeOf, type SharedParts, serviceFactsStore } from './quote-record';
import { quoteWriterFor, rowsOf } from './quote-writer';

export class QuoteStore {
  /** Built once: every booking and quote page reads a quote by id, and building cost more than reading. */
  readonly #findQuery;

  constructor(private readonly db: Database) {
    this.#findQuery = db
      .select()
      .from(quotes)
      .where(eq(quotes.id, sql.placeholder('id')))
      .prepare();
  }

  /**
   * Stores a priced quote with its log line. `services[i]` is the catalogue service of
   * `priced[i]`. The quote and its log line share one transaction with whatever other quotes
   * are written at the same moment (see quote-writer.ts).
   */
  async save(
    head: Omit<QuoteRow, 'options'>,
    priced: readonly QuoteOption[],
    services: readonly QuotableService[],
  ): Promise<QuoteRow> {
    const refs = await serviceFactsStore(this.db).refsFor(services);
    const quote: QuoteRow = { ...head, options: encodeOptions(priced, refs) };
    const cheapest = priced[0];
    const log: typeof quoteLog.$inferSelect = {
      id: quote.id,
      createdAt: quote.createdAt,
      expiresAt: quote.expiresAt,
      serviceType: quote.serviceType,
      ...routeOf(quote.request),
      parcels: quote.request.parcels,
      optionCount: priced.length,
      cheapestTotal: cheapest?.price.total ?? null,
      currency: cheapest?.price.currency ?? null,
      userId: quote.userId,
      partnerId: quote.partnerId,
    };
    await quoteWriterFor(this.db).write([rowsOf(quotes, [quote]), rowsOf(quoteLog, [log])]);
    return quote;
  }

  /** A stored quote, or null (never stored, or deleted after expiry). */
  async find(id: string): Promise<QuoteRow | null> {
    const [quote] = await this.#findQuery.all({ id });
    return quote ?? null;
  }

  /** The service facts a quote's options point at, from the shared cache. */
  partsOf(quote: QuoteRow): Promise<Map<number, SharedParts>> {
    return serviceFactsStore(this.db).partsFor(quote.options.map((option) => option[0]));
  }
}

/** The process's store for a database: its caches are shared by every request. */
export const quoteStoreFor = perDatabase((db) => new QuoteStore(db));
