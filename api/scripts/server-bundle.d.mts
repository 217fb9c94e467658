/** Types of scripts/server-bundle.mjs, for the TypeScript that imports it (the built-server tests). */
import type { BuildOptions } from 'esbuild';
export function serverBundleOptions(outfile: string): BuildOptions;
