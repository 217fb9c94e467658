/** Types of scripts/precompress.mjs, for the TypeScript that imports it (api tests). */
export const COMPRESSIBLE: Set<string>;
export function precompress(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }>;
export function check(dir: string): Promise<string[]>;
