// The production server bundle's esbuild options, shared by the build (scripts/bundle.mjs) and
// the tests that start the built server (src/security/built-server.ts), so both bundle alike.
// Dependencies from npm stay external (installed beside it), but the workspace's own packages
// (@consign/shared) are TypeScript sources Node cannot load, so they are bundled in.
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

/** @param {string} outfile */
export function serverBundleOptions(outfile) {
  return {
    entryPoints: [`${apiDir}src/main.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    plugins: [
      {
        name: 'external-npm-packages',
        /** @param {import('esbuild').PluginBuild} b */
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@consign/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  };
}
