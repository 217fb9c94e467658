/**
 * Measured courier scores (issue 20): every quote option carries its service's rating and
 * on-time record. They are kept incrementally (a review moves `service_ratings`, a delivery
 * moves one `service_delivery_days` bucket, each in the transaction that records it) and read
 * by quotes from a per-process board, so a quote never counts reviews or orders.
 *
 * The board is reloaded when a score changed (in this process at once, in another within a
 * second, as the catalogue is: `score_version`) or when the UK day changes, which slides the
 * 90-day window by one bucket. A reload reads one row per rated service and at most 90 buckets
 * per delivering service.
 *
 * Each courier's record (issue 49: adjustment rate, claims per hundred orders, share of claims
 * accepted) is kept the same way, per courier and UK day (`courier_record_days`), moved by
 * `moveCourierRecord` in the transaction of the event it counts, and served from the same board.
 */
import { eq, gte, sql } from 'drizzle-orm';
import { type Database, perDatabase, type Tx } from '../../db/client';
import { courierRecordDays, scoreVersion, serviceDeliveryDays, serviceRatings } from '../../db/schema';
import { addCalendarDays, ukToday } from '../../domain/uk-days';
import { utf8 } from '../../lib/json-bytes';

/** Fewer reviews than this and the average is not shown ("New"). */
export const MIN_RATINGS = 3;
/** Fewer delivered orders in the window than this and the on-time share is not shown. */
export const MIN_DELIVERIES = 5;
/** The on-time window: the last 90 UK days, today included. */
export const ON_TIME_WINDOW_DAYS = 90;

/** Fewer orders in the window than this and the record's shares are not shown ("Not enough orders yet"). */
export const MIN_RECORD_ORDERS = 10;
/** Fewer claims decided in the window than this and the share accepted is not shown. */
export const MIN_DECIDED_CLAIMS = 3;

/** What a courier's record counts over the window (docs/claims-and-returns.md, "Courier records"). */
export type RecordCounts = {
  orders: number;
  adjustments: number;
  claims: number;
  claimsDecided: number;
  claimsAccepted: number;
};

export type CourierRecord = {
  orders: number;
  adjustments: number;
  adjustmentRate: number | null;
  claims: number;
  claimsPerHundred: number | null;
  claimsDecided: number;
  claimsAccepted: number | null;
};

const NO_COUNTS: RecordCounts = { orders: 0, adjustments: 0, claims: 0, claimsDecided: 0, claimsAccepted: 0 };

/** What the wire shows of a courier's counts: shares to three decimals, claims per hundred to one. */
export function recordOf(c: RecordCounts): CourierRecord {
  const enough = c.orders >= MIN_RECORD_ORDERS;
  return {
    orders: c.orders,
    adjustments: c.adjustments,
    adjustmentRate: enough ? Math.round((c.adjustments / c.orders) * 1000) / 1000 : null,
    claims: c.claims,
    claimsPerHundred: enough ? Math.round((c.claims / c.orders) * 1000) / 10 : null,
    claimsDecided: c.claimsDecided,
    claimsAccepted:
      enough && c.claimsDecided >= MIN_DECIDED_CLAIMS
        ? Math.round((c.claimsAccepted / c.claimsDecided) * 1000) / 1000
        : null,
  };
}

export const NO_RECORD: CourierRecord = Object.freeze(recordOf(NO_COUNTS)) as CourierRecord;

export type ServiceScore = {
  rating: { average: number | null; count: number };
  onTime: { share: number | null; delivered: number };
};

type Totals = { ratingSum: number; ratingCount: number; delivered: number; onTime: number };

/** What the wire shows of totals: the average to one decimal, the share to three. */
export function scoreOf(t: Totals): ServiceScore {
  return {
    rating: {
      average: t.ratingCount >= MIN_RATINGS ? Math.round((t.ratingSum / t.ratingCount) * 10) / 10 : null,
      count: t.ratingCount,
    },
    onTime: {
      share: t.delivered >= MIN_DELIVERIES ? Math.round((t.onTime / t.delivered) * 1000) / 1000 : null,
      delivered: t.delivered,
    },
  };
}

const NO_TOTALS: Totals = { ratingSum: 0, ratingCount: 0, delivered: 0, onTime: 0 };
export const NO_SCORE: ServiceScore = Object.freeze(scoreOf(NO_TOTALS)) as ServiceScore;

/** The first day inside the window that ends on `today`. */
export const windowStart = (today: string) => addCalendarDays(today, -(ON_TIME_WINDOW_DAYS - 1));

/** One loaded board: each service's score, and its JSON ready for the quote serializer. */
export class ScoreSnapshot {
  readonly #scores = new Map<string, { score: ServiceScore; json: Uint8Array }>();
  readonly #records = new Map<string, { record: CourierRecord; json: Uint8Array }>();
  static readonly #none = { score: NO_SCORE, json: scoreJson(NO_SCORE) };
  static readonly #noRecord = { record: NO_RECORD, json: recordJson(NO_RECORD) };

  constructor(
    private readonly totals: ReadonlyMap<string, Totals>,
    counts: ReadonlyMap<string, RecordCounts> = new Map(),
  ) {
    for (const [id, t] of totals) {
      const score = scoreOf(t);
      this.#scores.set(id, { score, json: scoreJson(score) });
    }
    for (const [vendorId, c] of counts) {
      const record = recordOf(c);
      this.#records.set(vendorId, { record, json: recordJson(record) });
    }
  }

  /** The courier's record over the window. */
  record(vendorId: string): CourierRecord {
    return (this.#records.get(vendorId) ?? ScoreSnapshot.#noRecord).record;
  }

  /** `,"record":{…}` in UTF-8, as JSON.stringify prints `record()` after the scores. */
  recordJsonBytes(vendorId: string): Uint8Array {
    return (this.#records.get(vendorId) ?? ScoreSnapshot.#noRecord).json;
  }

  score(courierServiceId: string): ServiceScore {
    return (this.#scores.get(courierServiceId) ?? ScoreSnapshot.#none).score;
  }

  /** Several services taken together (a courier's profile): their totals summed, then scored. */
  combined(courierServiceIds: Iterable<string>): ServiceScore {
    const sum = { ...NO_TOTALS };
    for (const id of courierServiceIds) {
      const t = this.totals.get(id);
      if (!t) continue;
      sum.ratingSum += t.ratingSum;
      sum.ratingCount += t.ratingCount;
      sum.delivered += t.delivered;
      sum.onTime += t.onTime;
    }
    return scoreOf(sum);
  }

  /** `"rating":{…},"onTime":{…}` in UTF-8, as JSON.stringify prints the two fields of `score()`. */
  jsonBytes(courierServiceId: string): Uint8Array {
    return (this.#scores.get(courierServiceId) ?? ScoreSnapshot.#none).json;
  }
}

function scoreJson(score: ServiceScore): Uint8Array {
  return utf8(`"rating":${JSON.stringify(score.rating)},"onTime":${JSON.stringify(score.onTime)}`);
}

function recordJson(record: CourierRecord): Uint8Array {
  return utf8(`,"record":${JSON.stringify(record)}`);
}

/** How often a process asks whether another process changed a score (as the catalogue does). */
export const SCORE_CHECK_INTERVAL_MS = 1000;

type Loaded = { snapshot: ScoreSnapshot; version: number; day: string; checkedAt: number };

export class ScoreBoard {
  #loaded: Loaded | null = null;
  #loading: Promise<Loaded> | null = null;
  #generation = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The scores as of `now` (whose UK day sets the on-time window). */
  async read(now: Date): Promise<ScoreSnapshot> {
    const day = ukToday(now);
    const loaded = this.#loaded;
    if (!loaded || loaded.day !== day) return (await this.#load(day)).snapshot;
    const tick = this.clock();
    if (tick - loaded.checkedAt < SCORE_CHECK_INTERVAL_MS) return loaded.snapshot;
    loaded.checkedAt = tick;
    if ((await readVersion(this.db)) === loaded.version) return loaded.snapshot;
    if (this.#loaded === loaded) this.#loaded = null;
    return (await this.#load(day)).snapshot;
  }

  /** Forgets the board; the next read reloads. Called after every score write in this process. */
  invalidate(): void {
    this.#generation++;
    this.#loaded = null;
    this.#loading = null;
  }

  #load(day: string): Promise<Loaded> {
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const loading = this.#fetch(day).then(
      (loaded) => {
        if (this.#generation === generation) this.#loaded = loaded;
        if (this.#loading === loading) this.#loading = null;
        return loaded;
      },
      (err: unknown) => {
        if (this.#loading === loading) this.#loading = null;
        throw err;
      },
    );
    this.#loading = loading;
    return loading;
  }

  async #fetch(day: string): Promise<Loaded> {
    const [versions, ratings, deliveries, records] = await this.db.batch([
      this.db.select({ version: scoreVersion.version }).from(scoreVersion).where(eq(scoreVersion.id, 1)),
      this.db.select().from(serviceRatings),
      this.db
        .select({
          id: serviceDeliveryDays.courierServiceId,
          delivered: sql<number>`sum(${serviceDeliveryDays.delivered})`,
          onTime: sql<number>`sum(${serviceDeliveryDays.onTime})`,
        })
        .from(serviceDeliveryDays)
        .where(gte(serviceDeliveryDays.day, windowStart(day)))
        .groupBy(serviceDeliveryDays.courierServiceId),
      this.db
        .select({
          vendorId: courierRecordDays.vendorId,
          orders: sql<number>`sum(${courierRecordDays.orders})`,
          adjustments: sql<number>`sum(${courierRecordDays.adjustments})`,
          claims: sql<number>`sum(${courierRecordDays.claims})`,
          claimsDecided: sql<number>`sum(${courierRecordDays.claimsDecided})`,
          claimsAccepted: sql<number>`sum(${courierRecordDays.claimsAccepted})`,
        })
        .from(courierRecordDays)
        .where(gte(courierRecordDays.day, windowStart(day)))
        .groupBy(courierRecordDays.vendorId),
    ]);
    const totals = new Map<string, Totals>();
    for (const r of ratings) {
      totals.set(r.courierServiceId, { ...NO_TOTALS, ratingSum: r.ratingSum, ratingCount: r.ratingCount });
    }
    for (const d of deliveries) {
      const t = totals.get(d.id) ?? { ...NO_TOTALS };
      totals.set(d.id, { ...t, delivered: Number(d.delivered), onTime: Number(d.onTime) });
    }
    const counts = new Map<string, RecordCounts>();
    for (const { vendorId, ...c } of records) {
      counts.set(vendorId, {
        orders: Number(c.orders),
        adjustments: Number(c.adjustments),
        claims: Number(c.claims),
        claimsDecided: Number(c.claimsDecided),
        claimsAccepted: Number(c.claimsAccepted),
      });
    }
    return {
      snapshot: new ScoreSnapshot(totals, counts),
      version: versions[0]?.version ?? 0,
      day,
      checkedAt: this.clock(),
    };
  }
}

async function readVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: scoreVersion.version })
    .from(scoreVersion)
    .where(eq(scoreVersion.id, 1));
  return row?.version ?? 0;
}

/** The process's board for a database, shared by every request. */
export const scoreBoardFor = perDatabase((db) => new ScoreBoard(db));

export type ScoredService = { courierServiceId: string; vendorId: string };

/**
 * Moves a service's rating totals by `sum` and `count` (a new review: its score and 1; an edit:
 * the difference and 0). Call inside the transaction that writes the review, then
 * `scoreBoardFor(db).invalidate()` after the commit.
 */
export async function moveRating(tx: Tx, service: ScoredService, sum: number, count: number): Promise<void> {
  await tx
    .insert(serviceRatings)
    .values({ ...service, ratingSum: sum, ratingCount: count })
    .onConflictDoUpdate({
      target: serviceRatings.courierServiceId,
      set: {
        ratingSum: sql`${serviceRatings.ratingSum} + ${sum}`,
        ratingCount: sql`${serviceRatings.ratingCount} + ${count}`,
      },
    });
  await bumpScoreVersion(tx);
}

/** Counts one delivered order in its UK day's bucket; same transaction rules as `moveRating`. */
export async function countDelivery(
  tx: Tx,
  service: ScoredService,
  day: string,
  onTime: boolean,
): Promise<void> {
  await tx
    .insert(serviceDeliveryDays)
    .values({ ...service, day, delivered: 1, onTime: onTime ? 1 : 0 })
    .onConflictDoUpdate({
      target: [serviceDeliveryDays.courierServiceId, serviceDeliveryDays.day],
      set: {
        delivered: sql`${serviceDeliveryDays.delivered} + 1`,
        onTime: sql`${serviceDeliveryDays.onTime} + ${onTime ? 1 : 0}`,
      },
    });
  await bumpScoreVersion(tx);
}

/**
 * Adds `delta` to the courier's counts of UK day `day`. Call inside the transaction that records
 * the event counted, then `scoreBoardFor(db).invalidate()` after the commit (another process sees
 * it within a second, through `score_version`).
 */
export async function moveCourierRecord(
  tx: Tx,
  vendorId: string,
  day: string,
  delta: Partial<RecordCounts>,
): Promise<void> {
  const d = { ...NO_COUNTS, ...delta };
  await tx
    .insert(courierRecordDays)
    .values({ vendorId, day, ...d })
    .onConflictDoUpdate({
      target: [courierRecordDays.vendorId, courierRecordDays.day],
      set: {
        orders: sql`${courierRecordDays.orders} + ${d.orders}`,
        adjustments: sql`${courierRecordDays.adjustments} + ${d.adjustments}`,
        claims: sql`${courierRecordDays.claims} + ${d.claims}`,
        claimsDecided: sql`${courierRecordDays.claimsDecided} + ${d.claimsDecided}`,
        claimsAccepted: sql`${courierRecordDays.claimsAccepted} + ${d.claimsAccepted}`,
      },
    });
  await bumpScoreVersion(tx);
}

async function bumpScoreVersion(tx: Tx): Promise<void> {
  await tx
    .insert(scoreVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: scoreVersion.id, set: { version: sql`${scoreVersion.version} + 1` } });
}
