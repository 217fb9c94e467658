// The production server bundle. Dependencies from npm stay external (installed beside it), but the
// workspace's own packages (@consign/shared) are TypeScript sources Node cannot load, so they are
// bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  outfile: 'dist/main.js',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@consign/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
