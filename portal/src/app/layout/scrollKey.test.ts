import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rememberFirstEntry, scrollKey } from './scrollKey';

const at = (key: string): Location => ({ pathname: '/', search: '', hash: '', state: null, key });

describe('scroll position keys', () => {
  it("gives the document's first entry an id of its own, keeps it across a reload, and a new entry gets another", () => {
    window.history.replaceState({ idx: 0 }, '');
    const first = rememberFirstEntry();
    expect(first).toMatch(/^[a-z0-9]+$/);
    // React Router's own fields on the entry stay.
    expect(window.history.state).toMatchObject({ idx: 0 });
    expect(scrollKey(at('default'))).toBe(first);

    // A reload keeps the entry's state, so the same id: its position is restored.
    expect(rememberFirstEntry()).toBe(first);

    // A new visit in the tab is a new entry with no state: a new id, so no saved position.
    window.history.pushState(null, '', '/contact');
    const next = rememberFirstEntry();
    expect(next).not.toBe(first);
    expect(scrollKey(at('default'))).toBe(next);
  });

  it("uses React Router's key for every other entry", () => {
    expect(scrollKey(at('k3j2h1g0'))).toBe('k3j2h1g0');
  });
});
