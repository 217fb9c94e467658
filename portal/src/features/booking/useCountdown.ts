import { useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from `seconds` and calls `onDone` once at zero. Returns the seconds
 * left; `paused` stops the clock (and restarts it from where it was).
 */
export function useCountdown(seconds: number, onDone: () => void, paused = false): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;

  const finished = left <= 0;
  useEffect(() => {
    if (paused || finished) return;
    // One interval rather than a timeout per tick: ticks do not drift by render time.
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [paused, finished]);

  const fired = useRef(false);
  useEffect(() => {
    if (left <= 0 && !fired.current) {
      fired.current = true;
      done.current();
    }
  }, [left]);

  return Math.max(0, left);
}
