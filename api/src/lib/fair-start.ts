/**
 * Starts requests in the order they arrived, a time slice's worth per turn of the event loop.
 *
 * Left alone, Node runs every request its poll found ready in one turn, so a request arriving
 * just after a poll waits for the whole next turn: that is the p99 under load. Started here in
 * slices of about `sliceMs` with a poll between them, each request waits only for those that
 * arrived before it (docs/performance.md, "Starting requests in arrival order").
 *
 * Nothing is limited: a started request runs to its end as before, and one that waits for
 * something (a group commit, a provider, a password hash) lets later ones start meanwhile. An
 * idle server starts a request at once.
 */
export interface FairStartOptions {
  /** CPU time per turn to aim for; the count started per turn follows the measured cost. */
  sliceMs?: number;
  /** The clock the cost is measured with; tests pass their own. */
  now?: () => number;
}

export function fairStart<A extends unknown[], R>(
  handler: (...args: A) => R | Promise<R>,
  { sliceMs = 4, now: clock = () => performance.now() }: FairStartOptions = {},
): (...args: A) => R | Promise<R> {
  const waiting: Array<() => void> = [];
  // True while a drain is scheduled; whenever requests wait, one is.
  let draining = false;
  // Mean turn time per request started, measured between slices (so it includes what the
  // started requests did in their turn and what the loop did around them).
  let msPerRequest = 1;
  let sliceStarted = 0;
  let startedInSlice = 0;

  const drain = () => {
    const now = clock();
    if (startedInSlice > 0) {
      msPerRequest = 0.8 * msPerRequest + (0.2 * (now - sliceStarted)) / startedInSlice;
    }
    sliceStarted = now;
    startedInSlice = Math.min(waiting.length, Math.max(1, Math.floor(sliceMs / msPerRequest)));
    for (const start of waiting.splice(0, startedInSlice)) start();
    if (waiting.length > 0) setImmediate(drain);
    else {
      draining = false;
      startedInSlice = 0;
    }
  };

  return (...args: A) => {
    if (!draining) {
      // The first request of a busy period starts now; those its poll also found queue behind it.
      draining = true;
      setImmediate(drain);
      return handler(...args);
    }
    return new Promise<void>((resolve) => waiting.push(resolve)).then(() => handler(...args));
  };
}
