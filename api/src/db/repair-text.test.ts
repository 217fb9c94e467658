import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../test/harness';
import { repairedText, repairTextIfAsked } from './repair-text';

let t: TestApp | undefined;
afterEach(() => t?.close());

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

describe('repairing stored text that is not valid Unicode', () => {
  it('replaces bytes that are not UTF-8 and escaped lone surrogates in JSON, and leaves good text alone', () => {
    // Each byte of the surrogate's encoding is a bad sequence of its own (the WHATWG decoder's rule).
    expect(repairedText(bytes('526f62696e20eda080'), false)).toBe('Robin \uFFFD\uFFFD\uFFFD');
    expect(repairedText(bytes('ff41'), false)).toBe('\uFFFDA');
    expect(repairedText(Buffer.from('Zoë 📦'), false)).toBeNull();
    expect(repairedText(Buffer.from('{"name":"Robin \\ud800","k\\udc00":"\\ud83d\\ude00"}'), true)).toBe(
      '{"name":"Robin \uFFFD","k\uFFFD":"😀"}',
    );
    // The same text in a column that is not JSON is somebody's words: kept as written.
    expect(repairedText(Buffer.from('note: "\\ud800"'), false)).toBeNull();
    expect(repairedText(Buffer.from('{"emoji":"\\ud83d\\ude00"}'), true)).toBeNull();
  });

  it('repairs every table once when a migration asks, through SQL the driver would abort on', async () => {
    t = await createTestApp();
    const client = t.deps.db.$client;
    const { user } = await signUpVerified(t, 'ann@example.com');
    await client.execute({
      sql: "UPDATE users SET name = 'Ann ' || CAST(x'ff' AS TEXT), address = ? WHERE id = ?",
      args: ['{"name":"Robin \\ud800","line1":"1 High St"}', user.id],
    });
    await client.execute('CREATE TABLE `__repair_text_pending` (`asked_at` integer)');
    expect(await repairTextIfAsked(t.deps.db)).toBeGreaterThanOrEqual(2);
    const row = await client.execute({
      sql: 'SELECT name, address FROM users WHERE id = ?',
      args: [user.id],
    });
    expect(row.rows[0]).toMatchObject({
      name: 'Ann \uFFFD',
      address: '{"name":"Robin \uFFFD","line1":"1 High St"}',
    });
    // Once: the request is gone, and a second call does nothing.
    expect(await repairTextIfAsked(t.deps.db)).toBeNull();
  });
});
