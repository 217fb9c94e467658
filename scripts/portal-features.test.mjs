import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { crossFeatureImports, PORTAL_FEATURES, PORTAL_SRC, upwardImports } from './portal-features.mjs';

const rules = createRequire(import.meta.url)('../portal/dependency-rules.cjs');

/** A throwaway portal/src with the given files, for planting violations. */
function plant(files) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-rules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const planted = [];
after(() => {
  for (const dir of planted) rmSync(dir, { recursive: true, force: true });
});

describe('portal features never import each other', () => {
  it('holds for the portal as it is', () => {
    assert.deepEqual(crossFeatureImports(PORTAL_FEATURES), []);
  });

  it('holds for shared, lib and components, which never import a feature', () => {
    assert.deepEqual(upwardImports(PORTAL_SRC), []);
  });

  it('catches a planted cross-feature import of every form, and allows the layers below', () => {
    const dir = plant({
      'features/jobs/a.ts': "import { ordersApi } from '../orders/api';\n",
      'features/jobs/b.tsx': "export { Thing } from '../orders/Thing';\n",
      'features/jobs/c.tsx': "const Page = lazy(() => import('../orders/Page'));\n",
      'features/jobs/d.ts': "import '../orders/orders.css';\n",
      'features/jobs/ok.ts': [
        "import { x } from './own';",
        "import { y } from '../../shared/api/orders';",
        "import { z } from '../../lib/format';",
        "import { formatMoney } from '@consign/shared/money';",
        "import { useQuery } from '@tanstack/react-query';",
      ].join('\n'),
      'shared/api/bad.ts': "import { JobsList } from '../../features/jobs/JobsList';\n",
    });
    planted.push(dir);
    const found = crossFeatureImports(join(dir, 'features'));
    assert.deepEqual(
      found.map((f) => [f.file, f.specifier, f.from, f.to]),
      [
        ['jobs/a.ts', '../orders/api', 'jobs', 'orders'],
        ['jobs/b.tsx', '../orders/Thing', 'jobs', 'orders'],
        ['jobs/c.tsx', '../orders/Page', 'jobs', 'orders'],
        ['jobs/d.ts', '../orders/orders.css', 'jobs', 'orders'],
      ],
    );
    assert.deepEqual(
      upwardImports(dir).map((f) => [f.file, f.to]),
      [['shared/api/bad.ts', 'jobs']],
    );
  });
});

describe('the dependency-cruiser rules (portal/dependency-rules.cjs)', () => {
  // dependency-cruiser matches `from.path`, then substitutes its groups ($1) into `to`.
  const violates = (rule, from, to) => {
    const match = new RegExp(rule.from.path).exec(from);
    if (!match) return false;
    if (rule.from.pathNot && new RegExp(rule.from.pathNot).test(from)) return false;
    const fill = (pattern) => pattern.replace(/\$(\d)/g, (_, n) => match[Number(n)]);
    if (rule.to.path && !new RegExp(fill(rule.to.path)).test(to)) return false;
    if (rule.to.pathNot && new RegExp(fill(rule.to.pathNot)).test(to)) return false;
    return true;
  };
  const byName = Object.fromEntries(rules.map((rule) => [rule.name, rule]));

  it('forbids a feature importing another feature, as errors', () => {
    const rule = byName['portal-no-cross-feature'];
    assert.equal(rule.severity, 'error');
    assert.equal(
      violates(rule, 'portal/src/features/jobs/a.ts', 'portal/src/features/orders/OrderParts.tsx'),
      true,
    );
    assert.equal(violates(rule, 'portal/src/features/jobs/a.ts', 'portal/src/features/jobs/api.ts'), false);
    assert.equal(violates(rule, 'portal/src/features/jobs/a.ts', 'portal/src/shared/api/orders.ts'), false);
    assert.equal(violates(rule, 'portal/src/features/jobs/a.ts', 'packages/shared/src/money.ts'), false);
    assert.equal(
      violates(rule, 'portal/src/app/router.tsx', 'portal/src/features/jobs/PostJobPage.tsx'),
      false,
    );
  });

  it('forbids shared, lib and components importing a feature', () => {
    const rule = byName['portal-shared-not-features'];
    assert.equal(rule.severity, 'error');
    assert.equal(violates(rule, 'portal/src/shared/api/orders.ts', 'portal/src/features/jobs/a.ts'), true);
    assert.equal(violates(rule, 'portal/src/lib/format.ts', 'portal/src/features/jobs/a.ts'), true);
    assert.equal(violates(rule, 'portal/src/shared/api/orders.ts', 'portal/src/shared/api/client.ts'), false);
  });

  it('forbids features, shared, lib and components importing app/, except in tests', () => {
    const rule = byName['portal-app-is-the-root'];
    assert.equal(rule.severity, 'error');
    const app = 'portal/src/app/providers.tsx';
    assert.equal(violates(rule, 'portal/src/features/jobs/PostJobPage.tsx', app), true);
    assert.equal(violates(rule, 'portal/src/shared/auth/RequireRole.tsx', app), true);
    assert.equal(violates(rule, 'portal/src/lib/format.ts', app), true);
    assert.equal(violates(rule, 'portal/src/components/Modal.tsx', app), true);
    assert.equal(violates(rule, 'portal/src/features/quotes/ResultPage.test.tsx', app), false);
    assert.equal(violates(rule, 'portal/src/app/router.tsx', 'portal/src/app/layout/RootLayout.tsx'), false);
    assert.equal(violates(rule, 'portal/src/main.tsx', app), false);
    assert.equal(
      violates(rule, 'portal/src/app/router.tsx', 'portal/src/features/jobs/PostJobPage.tsx'),
      false,
    );
  });

  it("forbids the browser tests importing the API's code", () => {
    const rule = byName['portal-browser-tests-not-api-src'];
    assert.equal(rule.severity, 'error');
    assert.equal(violates(rule, 'portal/src/e2e/dates.ts', 'api/src/domain/uk-days.ts'), true);
    assert.equal(violates(rule, 'portal/src/e2e/journey.spec.ts', 'api/testing/pdf-inspect.ts'), false);
    assert.equal(violates(rule, 'portal/src/features/jobs/a.ts', 'api/client/index.ts'), false);
  });
});
