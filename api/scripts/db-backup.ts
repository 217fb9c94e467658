/**
 * A consistent copy of the database the API uses, as one SQLite file, taken while it runs.
 *
 *   pnpm --filter @consign/api db:backup [target.db]
 *
 * Local file (the default database): `VACUUM INTO`, SQLite's own online copy, compacted, in one
 * read transaction. libSQL server (DATABASE_URL=libsql://…, sqld or Turso): every table's schema
 * and rows, then its indexes, read inside one read transaction so the copy is one snapshot.
 * The target defaults to DATA_DIR/backups/consign-<UTC time>.db and must not exist yet.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type InValue } from '@libsql/client';
import { ConfigError, loadConfig } from '../src/config';

const PAGE_ROWS = 1000;

async function main() {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(process.argv[2] ?? resolve(config.dataDir, 'backups', `consign-${stamp}.db`));
  if (existsSync(target)) throw new Error(`${target} exists already; name a new file`);
  mkdirSync(dirname(target), { recursive: true });

  const source = createClient({ url: config.database.url, authToken: config.database.authToken });
  try {
    if (config.database.isLocalFile) {
      await source.execute({ sql: 'vacuum into ?', args: [target] });
    } else {
      await copyRemote(source, target);
    }
  } finally {
    source.close();
  }
  console.log(`backup written to ${target}`);
}

async function copyRemote(source: ReturnType<typeof createClient>, target: string) {
  const copy = createClient({ url: `file:${target}` });
  const tx = await source.transaction('read');
  try {
    const objects = await tx.execute(
      "select type, name, sql from sqlite_master where sql is not null and name not like 'sqlite_%' order by type = 'index', name",
    );
    for (const object of objects.rows) {
      await copy.execute(String(object.sql));
      if (object.type !== 'table') continue;
      const table = `"${String(object.name).replaceAll('"', '""')}"`;
      for (let after = -Infinity; ; ) {
        const page = await tx.execute({
          sql: `select rowid as __rowid, * from ${table} where rowid > ? order by rowid limit ${PAGE_ROWS}`,
          args: [after === -Infinity ? Number.MIN_SAFE_INTEGER : after],
        });
        if (page.rows.length === 0) break;
        const columns = page.columns.filter((c) => c !== '__rowid');
        const insert = `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`;
        await copy.batch(
          page.rows.map((row) => ({ sql: insert, args: columns.map((c) => row[c] as InValue) })),
          'write',
        );
        after = Number(page.rows[page.rows.length - 1]!.__rowid);
        if (page.rows.length < PAGE_ROWS) break;
      }
    }
  } finally {
    tx.close();
    copy.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
