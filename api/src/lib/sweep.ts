import type { Logger } from './logger';

/**
 * Runs `work` every `intervalMs` in this process (main.ts starts the sweeps). Runs never
 * overlap, a failure is logged and the next run tries again, and the timer does not keep the
 * process alive on shutdown. Returns a function that stops it.
 */
export function startSweep(
  name: string,
  intervalMs: number,
  work: () => Promise<unknown>,
  logger: Pick<Logger, 'error'>,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((err: unknown) => logger.error({ err }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
