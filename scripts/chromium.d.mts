/** Types of scripts/chromium.mjs, for the TypeScript that imports it (the portal's Playwright config). */
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: readonly string[];
