import { describe, expect, it } from 'vitest';
import { Mutex } from './mutex';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Mutex', () => {
  it('runs critical sections one at a time in arrival order', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        mutex.run(async () => {
          order.push(`${name}:start`);
          await tick();
          order.push(`${name}:end`);
        }),
      ),
    );
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });
});
