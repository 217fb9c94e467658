/**
 * Address book import from CSV: one address a line under a header naming the columns
 * (docs/batches.md, "Address book"). The whole file is checked first and then saved in one
 * transaction, or nothing is saved and every problem is named by line and column: a half
 * imported book would leave the owner guessing which lines made it.
 */
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { addressBookEntries } from '../../db/schema';
import { AppError, type FieldError } from '../../lib/errors';
import { LabelSchema, MAX_ADDRESSES } from './address-book.schemas';
import {
  BOOK_FULL,
  countEntries,
  type EntryInput,
  labelKey,
  saveEntry,
  toEntryDto,
} from './address-book.service';
import { checkAddress } from './address-check';

export const ADDRESS_COLUMNS = [
  'label',
  'name',
  'email',
  'phone',
  'line1',
  'line2',
  'town',
  'county',
  'postcode',
  'country',
  'default_sender',
] as const;
const REQUIRED = ['label', 'name', 'email', 'phone', 'line1', 'town', 'county', 'postcode'] as const;

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

/** The header's columns, or 422 naming what is missing or unknown. */
export function headerColumns(
  header: readonly string[] | undefined,
  known: readonly string[],
  required: readonly string[],
) {
  const names = (header ?? []).map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const unknown = names.filter((n) => n && !known.includes(n));
  const missing = required.filter((c) => !names.includes(c));
  const errors: FieldError[] = [];
  if (missing.length) errors.push({ path: 'header', message: `The header must name ${missing.join(', ')}` });
  if (unknown.length) {
    errors.push({
      path: 'header',
      message: `Unknown columns: ${unknown.join(', ')} (the columns are ${known.join(', ')})`,
    });
  }
  if (errors.length) throw AppError.validation(errors, 'The first line must name the columns');
  return names;
}

/** Reads the file into entries, or throws 422 with every problem by line and column. */
export function readAddressCsv(text: string): EntryInput[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw AppError.validation([
      { path: 'file', message: `The file is not readable CSV: ${(err as Error).message}` },
    ]);
  }
  const [header, ...rows] = records;
  const names = headerColumns(header, ADDRESS_COLUMNS, REQUIRED);
  if (rows.length === 0)
    throw AppError.validation([{ path: 'file', message: 'The file has no addresses under its header' }]);
  if (rows.length > MAX_ADDRESSES) {
    throw AppError.validation([
      { path: 'file', message: `At most ${MAX_ADDRESSES} addresses a file; this one has ${rows.length}` },
    ]);
  }
  const errors: FieldError[] = [];
  const entries: EntryInput[] = [];
  const seen = new Map<string, number>();
  let defaults = 0;
  rows.forEach((row, i) => {
    const line = i + 2;
    const cell = (column: string) => row[names.indexOf(column)]?.trim() ?? '';
    const at = (column: string, message: string) => errors.push({ path: `lines.${line}.${column}`, message });
    const label = LabelSchema.safeParse(cell('label'));
    if (!label.success) at('label', label.error.issues[0]?.message ?? 'Label is invalid');
    const address = checkAddress({
      name: cell('name'),
      email: cell('email'),
      phone: cell('phone'),
      line1: cell('line1'),
      ...(cell('line2') ? { line2: cell('line2') } : {}),
      town: cell('town'),
      county: cell('county'),
      postcode: cell('postcode'),
      country: cell('country') || 'GB',
    });
    if (!address.ok) for (const error of address.errors) at(error.field, error.message);
    const flag = cell('default_sender').toLowerCase();
    if (!YES.has(flag) && !NO.has(flag)) at('default_sender', 'default_sender must be yes or no');
    if (YES.has(flag)) defaults += 1;
    if (label.success) {
      const key = labelKey(label.data);
      const first = seen.get(key);
      if (first) at('label', `“${label.data}” is also the label on line ${first}`);
      else seen.set(key, line);
    }
    if (label.success && address.ok) {
      entries.push({ label: label.data, address: address.address, defaultSender: YES.has(flag) });
    }
  });
  if (defaults > 1)
    errors.push({ path: 'default_sender', message: 'Only one address can be the default sender' });
  if (errors.length)
    throw AppError.validation(
      errors,
      `The file has ${errors.length} problem${errors.length === 1 ? '' : 's'}; nothing was imported`,
    );
  return entries;
}

/** Saves the file's entries in one transaction: a label already in the book is replaced. */
export async function importAddresses(deps: AppDeps, userId: string, text: string) {
  const entries = readAddressCsv(text);
  const now = deps.now();
  return deps.db.transaction(
    async (tx) => {
      let imported = 0;
      let updated = 0;
      const saved = [];
      for (const entry of entries) {
        const existing = await tx.query.addressBookEntries.findFirst({
          where: and(
            eq(addressBookEntries.userId, userId),
            eq(addressBookEntries.labelKey, labelKey(entry.label)),
          ),
        });
        if (existing) updated += 1;
        else imported += 1;
        saved.push(await saveEntry(tx, userId, entry, now, existing));
      }
      if ((await countEntries(tx, userId)) > MAX_ADDRESSES) throw AppError.conflict(BOOK_FULL, 'book_full');
      return { imported, updated, items: saved.map(toEntryDto) };
    },
    { behavior: 'immediate' },
  );
}
