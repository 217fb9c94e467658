import { useState, useSyncExternalStore } from 'react';

/**
 * A polite live region whose text changes without re-rendering the page around it. The results
 * page announces each outcome from an effect of the outcome it shows; kept as the page's own
 * state, that announcement re-rendered the form and all the option cards a second time, right
 * after they were drawn (on a phone, the longest task of the page's load).
 */
export type Announcer = {
  say: (text: string) => void;
  subscribe: (listener: () => void) => () => void;
  text: () => string;
};

function createAnnouncer(): Announcer {
  let current = '';
  const listeners = new Set<() => void>();
  return {
    say(text) {
      if (text === current) return;
      current = text;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    text: () => current,
  };
}

/** One announcer for the component's lifetime. */
export function useAnnouncer(): Announcer {
  const [announcer] = useState(createAnnouncer);
  return announcer;
}

/** Mounted from the start, so screen readers announce each outcome as it arrives. */
export function Announcement({ announcer }: { announcer: Announcer }) {
  const text = useSyncExternalStore(announcer.subscribe, announcer.text, announcer.text);
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {text}
    </p>
  );
}
