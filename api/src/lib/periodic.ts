import type { Logger } from './logger';

/**
 * Runs `task` every `intervalMs` in this process. Runs never overlap (a slow run makes the next
 * tick skip), a failure is logged as `failure` and the next tick tries again, and the timer does
 * not keep the process alive on shutdown. Returns a function that stops it.
 */
export function runPeriodically(
  task: () => Promise<unknown>,
  intervalMs: number,
  logger: Logger,
  failure: string,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((err: unknown) => logger.error({ err }, failure))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
