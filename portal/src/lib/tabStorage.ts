/**
 * The tab's sessionStorage, or, when the browser gives none (privacy settings, or a checkout
 * framed on a cross-site partner page with third-party storage blocked), this page load's
 * memory: what is kept still carries from one step to the next, only not across a reload.
 */
const memory = new Map<string, string>();
const inMemory = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
};

export function tabStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    return window.sessionStorage;
  } catch {
    return inMemory;
  }
}
