import { useEffect, useRef } from 'react';

export type OnOutcome = (announcement: string) => void;

/**
 * Once an outcome shows, its heading takes focus and scrolls to the top: on a phone the form
 * fills the first screen, and the results would otherwise arrive unseen below it.
 *
 * The scroll waits until the outcome has been painted. When the page and its (prefetched) quote
 * arrive together, scrolling in the frame that replaces the loading page would move the footer
 * from where the loading page showed it, a layout shift (Lighthouse measured 0.55); a frame later
 * it is only a scroll.
 */
export function useRevealOutcome(key: string, announcement: string, onOutcome: OnOutcome) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Once per search: a re-render of the same results must not pull the page back up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the search on purpose.
  useEffect(() => {
    onOutcome(announcement);
    return afterPaint(() => {
      const heading = headingRef.current;
      if (!heading) return;
      heading.focus({ preventScroll: true });
      heading.scrollIntoView?.({ block: 'start' });
    });
  }, [key]);
  return headingRef;
}

/** Runs `work` once the next frame has been painted; returns a cancel. */
function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame's animation callbacks run just before its paint; a task queued there runs after it.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
