/**
 * The address book: saved addresses with the owner's own labels, one of them the default
 * sender, searched, edited, deleted and imported from CSV (address-book.csv.ts). Bookings and
 * batches read it through `findByLabel` and `defaultSender`. Only the owner's own entries are
 * ever read or written; anything else answers 404.
 */
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { addressBookEntries, type OrderAddress } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { containsText } from '../../lib/sql';
import { normaliseAddress } from '../orders';
import { type AddressBookEntryDto, MAX_ADDRESSES } from './address-book.schemas';

type EntryRow = typeof addressBookEntries.$inferSelect;

export const labelKey = (label: string) => label.trim().toLowerCase();

function searchTextOf(label: string, address: OrderAddress): string {
  return [label, address.name, address.line1, address.line2 ?? '', address.town, address.postcode]
    .join('\n')
    .toLowerCase();
}

export function toEntryDto(row: EntryRow): AddressBookEntryDto {
  return {
    id: row.id,
    label: row.label,
    address: row.address,
    defaultSender: row.defaultSender,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type EntryInput = { label: string; address: OrderAddress; defaultSender: boolean };

const labelTaken = (label: string) =>
  AppError.validation([{ path: 'label', message: `You already have an address labelled “${label}”` }]);

/** Writes one entry (new, or replacing `existing`) inside the caller's transaction. */
export async function saveEntry(
  tx: Tx,
  userId: string,
  input: EntryInput,
  now: Date,
  existing?: EntryRow,
): Promise<EntryRow> {
  const address = normaliseAddress(input.address);
  if (input.defaultSender) {
    // One default sender: choosing a new one stands the old one down in the same transaction.
    await tx
      .update(addressBookEntries)
      .set({ defaultSender: false, updatedAt: now })
      .where(and(eq(addressBookEntries.userId, userId), eq(addressBookEntries.defaultSender, true)));
  }
  const values = {
    label: input.label,
    labelKey: labelKey(input.label),
    address,
    defaultSender: input.defaultSender,
    searchText: searchTextOf(input.label, address),
    updatedAt: now,
  };
  if (existing) {
    const [row] = await tx
      .update(addressBookEntries)
      .set(values)
      .where(eq(addressBookEntries.id, existing.id))
      .returning();
    return row as EntryRow;
  }
  const [row] = await tx
    .insert(addressBookEntries)
    .values({ ...values, userId, createdAt: now })
    .returning();
  return row as EntryRow;
}

export async function countEntries(db: AppDeps['db'] | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(addressBookEntries)
    .where(eq(addressBookEntries.userId, userId));
  return row?.n ?? 0;
}

export const BOOK_FULL = `An address book holds at most ${MAX_ADDRESSES} addresses; delete some first`;

export class AddressBookService {
  constructor(private readonly deps: AppDeps) {}

  async list(userId: string, query: { q?: string | undefined; page: number; limit: number }) {
    const where = and(
      eq(addressBookEntries.userId, userId),
      query.q ? containsText(addressBookEntries.searchText, query.q.toLowerCase()) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(addressBookEntries)
        .where(where)
        .orderBy(desc(addressBookEntries.defaultSender), asc(addressBookEntries.labelKey))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.deps.db.select({ n: count() }).from(addressBookEntries).where(where),
    ]);
    return { items: rows.map(toEntryDto), total: total?.n ?? 0, page: query.page, limit: query.limit };
  }

  async create(userId: string, input: EntryInput): Promise<AddressBookEntryDto> {
    const now = this.deps.now();
    const row = await this.deps.db.transaction(
      async (tx) => {
        if (await this.findByLabelIn(tx, userId, input.label)) throw labelTaken(input.label);
        if ((await countEntries(tx, userId)) >= MAX_ADDRESSES)
          throw AppError.conflict(BOOK_FULL, 'book_full');
        return saveEntry(tx, userId, input, now);
      },
      { behavior: 'immediate' },
    );
    return toEntryDto(row);
  }

  async update(userId: string, id: string, patch: Partial<EntryInput>): Promise<AddressBookEntryDto> {
    const now = this.deps.now();
    const row = await this.deps.db.transaction(
      async (tx) => {
        const existing = await this.own(tx, userId, id);
        const next: EntryInput = {
          label: patch.label ?? existing.label,
          address: patch.address ?? existing.address,
          defaultSender: patch.defaultSender ?? existing.defaultSender,
        };
        if (patch.label !== undefined) {
          const [clash] = await tx
            .select({ id: addressBookEntries.id })
            .from(addressBookEntries)
            .where(
              and(
                eq(addressBookEntries.userId, userId),
                eq(addressBookEntries.labelKey, labelKey(patch.label)),
                ne(addressBookEntries.id, id),
              ),
            );
          if (clash) throw labelTaken(patch.label);
        }
        return saveEntry(tx, userId, next, now, existing);
      },
      { behavior: 'immediate' },
    );
    return toEntryDto(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    const [gone] = await this.deps.db
      .delete(addressBookEntries)
      .where(and(eq(addressBookEntries.id, id), eq(addressBookEntries.userId, userId)))
      .returning({ id: addressBookEntries.id });
    if (!gone) throw AppError.notFound('Address not found');
  }

  private async own(tx: Tx, userId: string, id: string): Promise<EntryRow> {
    const row = await tx.query.addressBookEntries.findFirst({
      where: and(eq(addressBookEntries.id, id), eq(addressBookEntries.userId, userId)),
    });
    if (!row) throw AppError.notFound('Address not found');
    return row;
  }

  private findByLabelIn(db: AppDeps['db'] | Tx, userId: string, label: string) {
    return db.query.addressBookEntries.findFirst({
      where: and(eq(addressBookEntries.userId, userId), eq(addressBookEntries.labelKey, labelKey(label))),
    });
  }

  /** The owner's entries by label (any case), for batches naming senders by label. */
  async byLabels(userId: string, labels: readonly string[]): Promise<Map<string, OrderAddress>> {
    if (labels.length === 0) return new Map();
    const rows = await this.deps.db
      .select({ labelKey: addressBookEntries.labelKey, address: addressBookEntries.address })
      .from(addressBookEntries)
      .where(
        and(
          eq(addressBookEntries.userId, userId),
          sql`${addressBookEntries.labelKey} in (select value from json_each(${JSON.stringify([...new Set(labels.map(labelKey))])}))`,
        ),
      );
    return new Map(rows.map((row) => [row.labelKey, row.address]));
  }

  /** The owner's default sender, if one is chosen. */
  async defaultSender(userId: string): Promise<{ label: string; address: OrderAddress } | null> {
    const row = await this.deps.db.query.addressBookEntries.findFirst({
      where: and(eq(addressBookEntries.userId, userId), eq(addressBookEntries.defaultSender, true)),
    });
    return row ? { label: row.label, address: row.address } : null;
  }

  /** Entries at a postcode, for the booking form's suggestions (features/addresses). */
  async atPostcode(userId: string, postcode: string): Promise<{ label: string; address: OrderAddress }[]> {
    const rows = await this.deps.db
      .select({ label: addressBookEntries.label, address: addressBookEntries.address })
      .from(addressBookEntries)
      .where(
        and(
          eq(addressBookEntries.userId, userId),
          sql`json_extract(${addressBookEntries.address}, '$.postcode') = ${postcode}`,
        ),
      )
      .orderBy(desc(addressBookEntries.defaultSender), asc(addressBookEntries.labelKey))
      .limit(50);
    return rows;
  }
}
