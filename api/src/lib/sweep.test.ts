import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLogger } from './logger';
import { startSweep } from './sweep';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('stop() asks the run in progress to stop, waits for it, and starts no other', async () => {
  const runs: { aborted: () => boolean }[] = [];
  let finish!: () => void;
  const sweep = startSweep(
    'test',
    10,
    (signal) => {
      runs.push({ aborted: () => signal.aborted });
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
    createLogger('silent'),
  );
  vi.advanceTimersByTime(10);
  expect(runs).toHaveLength(1);
  // Runs never overlap: the next tick finds the first still running.
  vi.advanceTimersByTime(10);
  expect(runs).toHaveLength(1);

  let stopped = false;
  const stopping = sweep.stop().then(() => {
    stopped = true;
  });
  expect(runs[0]?.aborted()).toBe(true);
  await vi.advanceTimersByTimeAsync(50);
  expect(stopped).toBe(false);
  finish();
  await stopping;
  expect(stopped).toBe(true);
  await vi.advanceTimersByTimeAsync(100);
  expect(runs).toHaveLength(1);
});

it('stop() resolves at once when no run is in progress, and after a run that failed', async () => {
  const logger = createLogger('silent');
  const error = vi.spyOn(logger, 'error');
  const idle = startSweep('idle', 10, async () => undefined, logger);
  await idle.stop();

  let fail!: (err: Error) => void;
  const failing = startSweep(
    'failing',
    10,
    () =>
      new Promise((_resolve, reject) => {
        fail = reject;
      }),
    logger,
  );
  vi.advanceTimersByTime(10);
  const stopping = failing.stop();
  fail(new Error('the database is gone'));
  await expect(stopping).resolves.toBeUndefined();
  expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'failing failed');
});
