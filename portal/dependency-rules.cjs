/**
 * The portal's dependency rules for dependency-cruiser (the root config spreads these into its
 * `forbidden` list). Layers point one way, as in bulletproof-react: app -> features -> shared.
 * A feature (portal/src/features/<X>) imports its own files, portal/src/shared, lib, components,
 * app, @consign/* and npm packages, never another feature: what several features use belongs
 * in portal/src/shared. Routes (app/router.tsx) compose features.
 * scripts/portal-features.test.mjs checks the first rule without dependency-cruiser installed.
 */
module.exports = [
  {
    name: 'portal-no-cross-feature',
    severity: 'error',
    comment:
      'A portal feature imports nothing from another feature; move what several features use to portal/src/shared.',
    from: { path: '^portal/src/features/([^/]+)/' },
    to: { path: '^portal/src/features/([^/]+)/', pathNot: '^portal/src/features/$1/' },
  },
  {
    name: 'portal-shared-not-features',
    severity: 'error',
    comment: 'portal/src/shared, lib and components sit below the features and never import one.',
    from: { path: '^portal/src/(shared|lib|components)/' },
    to: { path: '^portal/src/features/' },
  },
];
