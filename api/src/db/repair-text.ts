/**
 * Repairs stored text that is not valid Unicode, so that no read can hand the database driver
 * bytes it aborts the process on (docs/deployment.md, "Text that is not Unicode"):
 *
 * - a TEXT value whose bytes are not UTF-8 (SQLite never checks; an older migration's
 *   `json_extract` of an escaped lone surrogate wrote such bytes) becomes its UTF-8 reading with
 *   each bad sequence replaced by U+FFFD;
 * - a JSON column whose text escapes a lone surrogate (`"\ud800"`, which JSON.stringify writes for
 *   a JavaScript string holding one) is written again with U+FFFD in its place: SQLite's `->>`
 *   and `json_extract` would turn the escape into bytes that are not UTF-8.
 *
 * Every table and TEXT column is read as bytes (`CAST(col AS BLOB)`, which the driver hands over
 * without decoding), a page of rows at a time.
 */
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database, Tx } from './client';
import * as schema from './schema';

const PAGE = 500;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
/** A JSON escape of a surrogate: only then can JSON text hold a lone one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/** `table -> JSON columns`, from the schema (drizzle's JSON mode). */
function jsonColumns(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const names = Object.values(getTableColumns(value))
      .filter((c) => c.columnType === 'SQLiteTextJson')
      .map((c) => c.name);
    if (names.length) found.set(getTableName(value), new Set(names));
  }
  return found;
}

/** The JSON value with every lone surrogate in its strings and keys replaced, or null when it has none. */
function wellFormedJson(text: string): string | null {
  if (!SURROGATE_ESCAPE.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  let changed = false;
  const fix = (s: string) => {
    if (!LONE_SURROGATE.test(s)) return s;
    changed = true;
    return s.replace(LONE_SURROGATES, '\uFFFD');
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return fix(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, child]) => [fix(k), walk(child)]));
    }
    return v;
  };
  const fixed = walk(value);
  return changed ? JSON.stringify(fixed) : null;
}

/** What a stored value should become, or null when it is fine. */
export function repairedText(bytes: Uint8Array, json: boolean): string | null {
  let text: string;
  let changed = false;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = lenient.decode(bytes);
    changed = true;
  }
  const fixedJson = json ? wellFormedJson(text) : null;
  if (fixedJson !== null) return fixedJson;
  return changed ? text : null;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Repairs every table; answers how many values changed. Runs inside the caller's transaction. */
export async function repairStoredText(tx: Pick<Tx, 'all' | 'run'>): Promise<number> {
  const json = jsonColumns();
  const tables = (await tx.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND substr(name, 1, 2) <> '__' ORDER BY name`,
  )) as { name: string }[];
  let repaired = 0;
  for (const { name: table } of tables) {
    const columns = (
      (await tx.all<{ name: string; type: string }>(sql.raw(`PRAGMA table_info(${quote(table)})`))) as {
        name: string;
        type: string;
      }[]
    )
      .filter((c) => /text|char|clob/i.test(c.type) || c.type === '')
      .map((c) => c.name);
    if (columns.length === 0) continue;
    const jsonHere = json.get(table) ?? new Set<string>();
    const blobs = columns
      .map((c) => `CASE WHEN typeof(${quote(c)}) = 'text' THEN CAST(${quote(c)} AS BLOB) END`)
      .join(', ');
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const rows = (await tx.all(
        sql.raw(
          `SELECT rowid, ${blobs} FROM ${quote(table)} WHERE rowid > ${after} ORDER BY rowid LIMIT ${PAGE}`,
        ),
      )) as Record<string, unknown>[];
      if (rows.length === 0) break;
      for (const row of rows) {
        const values = Object.values(row);
        const rowid = Number(values[0]);
        after = rowid;
        for (let i = 0; i < columns.length; i++) {
          const value = values[i + 1];
          if (!(value instanceof ArrayBuffer)) continue;
          const fixed = repairedText(new Uint8Array(value), jsonHere.has(columns[i]!));
          if (fixed === null) continue;
          await tx.run(
            sql`UPDATE ${sql.raw(quote(table))} SET ${sql.raw(quote(columns[i]!))} = ${fixed} WHERE rowid = ${rowid}`,
          );
          repaired++;
        }
      }
      if (rows.length < PAGE) break;
    }
  }
  return repaired;
}

const MARKER = '__repair_text_pending';

/**
 * Runs the repair once, when a migration asked for it (the marker table): in one immediate
 * transaction that also drops the marker, so of several processes starting at once exactly one
 * repairs, and a process that dies mid-way leaves the request for the next start.
 */
export async function repairTextIfAsked(db: Database): Promise<number | null> {
  const asked = async (tx: Pick<Tx, 'all'>) =>
    ((await tx.all(sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${MARKER}`)) as unknown[])
      .length > 0;
  if (!(await asked(db))) return null;
  return db.transaction(
    async (tx) => {
      if (!(await asked(tx))) return null;
      const repaired = await repairStoredText(tx);
      await tx.run(sql.raw(`DROP TABLE ${quote(MARKER)}`));
      return repaired;
    },
    { behavior: 'immediate' },
  );
}
