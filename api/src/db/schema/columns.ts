import { integer, text } from 'drizzle-orm/sqlite-core';
import { uuidv7 } from 'uuidv7';

/** Random, time-ordered ids: unguessable to users yet index-friendly. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

/** Milliseconds since the epoch; readable in SQL and exact in JS. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  timestamp('updated_at')
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
