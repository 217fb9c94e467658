import type { Logger } from './logger';

/** A sweep running in this process. */
export type Sweep = {
  /**
   * Stops it: no new run starts, the run in progress is asked to stop (its signal aborts) and the
   * promise resolves once that run has finished. Never rejects.
   */
  stop(): Promise<void>;
};

/**
 * Runs `work` every `intervalMs` in this process (main.ts starts the sweeps). Runs never
 * overlap, a failure is logged and the next run tries again, and the timer does not keep the
 * process alive on shutdown. `work` receives a signal that aborts when the sweep is stopped; a
 * run that reads it (the outbox's) finishes the item in hand and starts no other, the others run
 * to their end, and `stop()` waits either way.
 */
export function startSweep(
  name: string,
  intervalMs: number,
  work: (signal: AbortSignal) => Promise<unknown>,
  logger: Pick<Logger, 'error'>,
): Sweep {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work(stopping.signal)
      .then(
        () => undefined,
        (err: unknown) => logger.error({ err }, `${name} failed`),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
