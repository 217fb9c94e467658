// The production server bundle (pnpm build): dist/main.js, as scripts/server-bundle.mjs says.
import { build } from 'esbuild';
import { serverBundleOptions } from './server-bundle.mjs';

await build({ ...serverBundleOptions('dist/main.js'), sourcemap: true });
