/**
 * The dependency rules of the repository (docs/contributing.md draws the layers they keep).
 * Run by `pnpm deps:check`, which scripts/test.sh runs right after the type check.
 *
 * Temporary exceptions are listed in TEMPORARY_CYCLES, each with the change that removes it.
 */

/**
 * Circles that are known and owned by a change in flight. A cycle made only of the modules one
 * entry matches is allowed; a cycle that also runs through any other module is still an error.
 */
const TEMPORARY_CYCLES = [];

const TEST_SUPPORT = '(\\.test|\\.testing|\\.fixtures)\\.tsx?$|^api/src/(test|security)/';
const FIXTURES = '\\.(testing|fixtures)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circles anywhere: when two modules need each other, the lower one owns an ' +
        'interface the higher one implements (docs/contributing.md).',
      from: { pathNot: TEMPORARY_CYCLES },
      to: { circular: true },
    },
    ...TEMPORARY_CYCLES.map((group, i) => ({
      name: `no-circular-beyond-temporary-${i + 1}`,
      severity: 'error',
      comment: `A circle from ${group} that runs through other modules too: only the known one is tolerated.`,
      from: { path: group },
      to: { circular: true, via: { pathNot: group } },
    })),
    {
      name: 'api-lower-layers-import-no-feature',
      severity: 'error',
      comment:
        'domain, lib, db, providers and context.ts sit below the features: they never import one. ' +
        'Move the shared thing down (domain/ for vocabulary, context.ts for an interface).',
      from: { path: '^api/src/(lib|db|providers|domain)/|^api/src/context\\.ts$' },
      to: { path: '^api/src/features/' },
    },
    {
      name: 'api-lower-layers-import-no-context',
      severity: 'error',
      comment:
        "context.ts names the app's dependencies by the interfaces lib, db and providers define, so it " +
        'sits above them: a lower module declares the slice of the request context it reads as its own ' +
        'type (lib/auth.ts), which AppDeps and AppEnv then satisfy.',
      from: { path: '^api/src/(lib|db|providers|domain)/|^api/src/config\\.ts$', pathNot: TEST_SUPPORT },
      to: { path: '^api/src/context\\.ts$' },
    },
    {
      name: 'api-db-imports-no-lib-or-providers',
      severity: 'error',
      comment:
        'db/ (tables, the client, migrations) sits below lib/ and providers/, which read and write through it.',
      from: { path: '^api/src/db/', pathNot: TEST_SUPPORT },
      to: { path: '^api/src/(lib|providers)/' },
    },
    {
      name: 'api-lib-imports-no-provider',
      severity: 'error',
      comment: 'providers/ build on lib/ (errors, logger): lib/ never imports a provider.',
      from: { path: '^api/src/lib/', pathNot: TEST_SUPPORT },
      to: { path: '^api/src/providers/' },
    },
    {
      name: 'api-domain-imports-only-domain',
      severity: 'error',
      comment: 'domain/ is the bottom of the API: it imports only itself, libraries and @consign/shared.',
      from: { path: '^api/src/domain/' },
      to: { path: '^(api|portal|admin|widget)/', pathNot: '^api/src/domain/' },
    },
    {
      name: 'api-feature-through-index',
      severity: 'error',
      comment:
        "A feature is entered only through its index.ts: import '../<feature>', never a file inside it.",
      from: { path: '^api/src/features/([^/]+)/', pathNot: TEST_SUPPORT },
      to: {
        path: '^api/src/features/[^/]+/',
        pathNot: ['^api/src/features/$1/', '^api/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-feature-through-index-from-outside',
      severity: 'error',
      comment:
        "The app, scripts and tests outside features enter a feature only through its index.ts: import 'features/<feature>'.",
      from: { path: '^api/(src|scripts|bench)/', pathNot: ['^api/src/features/', TEST_SUPPORT] },
      to: { path: '^api/src/features/[^/]+/', pathNot: '^api/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'api-feature-tests-through-index-or-fixtures',
      severity: 'error',
      comment:
        "A feature's tests reach another feature through its index.ts or its test fixtures (*.testing.ts, *.fixtures.ts).",
      from: { path: '^api/src/features/([^/]+)/.*(\\.test|\\.testing|\\.fixtures)\\.ts$' },
      to: {
        path: '^api/src/features/[^/]+/',
        pathNot: ['^api/src/features/$1/', '^api/src/features/[^/]+/index\\.ts$', FIXTURES],
      },
    },
    {
      name: 'api-other-tests-through-index-or-fixtures',
      severity: 'error',
      comment: 'Tests outside the features reach one through its index.ts or its test fixtures.',
      from: { path: TEST_SUPPORT, pathNot: '^api/src/features/' },
      to: {
        path: '^api/src/features/[^/]+/',
        pathNot: ['^api/src/features/[^/]+/index\\.ts$', FIXTURES],
      },
    },
    {
      name: 'shared-imports-no-workspace-package',
      severity: 'error',
      comment: '@consign/shared is the bottom of every package: it imports no other workspace package.',
      from: { path: '^packages/shared/' },
      to: { path: '^(api|portal|admin|widget)/|^packages/(?!shared/)' },
    },
    // The portal's layers: app -> features -> shared (portal/dependency-rules.cjs).
    ...require('./portal/dependency-rules.cjs'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results|playwright-report)/' },
    // Type-only imports count: a circle of types is still a circle to read.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    },
  },
};
