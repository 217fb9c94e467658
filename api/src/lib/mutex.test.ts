import { describe, expect, it } from 'vitest';
import { Semaphore } from './mutex';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Semaphore', () => {
  it('never runs more than its size at once and runs every job', async () => {
    const sem = new Semaphore(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sem.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('frees its slot when a job throws', async () => {
    const sem = new Semaphore(1);
    await expect(sem.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await sem.run(async () => 'next')).toBe('next');
  });
});
