/**
 * The portal's dependency rules for dependency-cruiser (the root config spreads these into its
 * `forbidden` list). Layers point one way, as in bulletproof-react: app -> features -> shared.
 * app/ is the composition root (router, providers, layout) and nothing below imports it. A
 * feature (portal/src/features/<X>) imports its own files, portal/src/shared, lib, components,
 * @consign/* and npm packages, never another feature: what several features use belongs in
 * portal/src/shared. The browser tests (portal/src/e2e) drive the built product from outside.
 * scripts/portal-features.test.mjs checks the rules' patterns; scripts/deps-check.test.mjs plants
 * a violation of each and runs dependency-cruiser.
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
  {
    name: 'portal-app-is-the-root',
    severity: 'error',
    comment:
      'app/ is the composition root (router, providers, layout): features, shared, lib and components ' +
      'never import it. What a page needs of the app (the API client, auth, meta, toasts) lives in ' +
      'portal/src/shared. Tests may render the composed app.',
    from: { path: '^portal/src/(features|shared|lib|components)/', pathNot: '\\.test\\.tsx?$' },
    to: { path: '^portal/src/app/' },
  },
  {
    name: 'portal-browser-tests-not-api-src',
    severity: 'error',
    comment:
      'The browser tests drive the built product from outside: they ask the API over HTTP, never import its code. ' +
      'A test instrument both use is exported by the api package outside src (@consign/api/testing/...).',
    from: { path: '^portal/src/e2e/' },
    to: { path: '^api/src/' },
  },
];
