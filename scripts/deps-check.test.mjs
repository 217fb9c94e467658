/**
 * The dependency rules bite: dependency-cruiser, with the repository's own config, fails on a copy
 * of api/src and portal/src with a violation planted for each rule that guards the layers (a lib
 * file importing a feature, a two-file circle, a deep import into another feature; lib reading the
 * app context or a provider, db reading lib; a portal feature or shared module importing app/, a
 * browser test importing the API's code), naming the rule and the file, and with nothing else: the
 * count is exactly the planted ones, so the code as it is passes (as `pnpm deps:check` checks of
 * the repository itself in the same test command). One cruise for every plant: a cruise is the
 * costly part (docs/performance.md, "Sixth round"). Run with `node --test scripts/`
 * (scripts/test.sh). The copy lives in a temporary folder, so nothing is ever planted in the
 * repository.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = join(repo, '.dependency-cruiser.cjs');

let root;
let output = '';
let status = 0;

const plant = (file, text) => writeFileSync(join(root, file), text);

before(() => {
  root = mkdtempSync(join(tmpdir(), 'consign-deps-'));
  for (const folder of ['api/src', 'portal/src']) {
    cpSync(join(repo, folder), join(root, folder), {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
  }
  // The API's layers.
  plant('api/src/lib/planted-upward.ts', "export { quotesRouter } from '../features/quotes';\n");
  plant(
    'api/src/lib/planted-circle-a.ts',
    "import { b } from './planted-circle-b';\nexport const a = () => b;\n",
  );
  plant(
    'api/src/lib/planted-circle-b.ts',
    "import { a } from './planted-circle-a';\nexport const b = () => a;\n",
  );
  plant('api/src/features/users/planted-deep.ts', "export { quotableService } from '../couriers/catalog';\n");
  // The layers below the API's features.
  plant('api/src/lib/planted-context.ts', "export type { AppEnv } from '../context';\n");
  plant('api/src/db/planted-lib.ts', "export { AppError } from '../lib/errors';\n");
  plant('api/src/lib/planted-provider.ts', "export type { Mailer } from '../providers/mail';\n");
  // The portal: app/ is the root; a test may render the composed app.
  plant('portal/src/features/home/planted-app.ts', "export { routes } from '../../app/router';\n");
  plant('portal/src/shared/api/planted-app.ts', "export { AppProviders } from '../../app/providers';\n");
  plant('portal/src/features/home/planted.test.tsx', "export { AppProviders } from '../../app/providers';\n");
  plant('portal/src/e2e/planted-api.ts', "export { ukToday } from '../../../api/src/domain/uk-days';\n");

  // From the copy's root: the rules' paths start at api/ and portal/.
  const result = spawnSync(
    process.execPath,
    [depcruise, '--config', config, '--no-progress', 'api/src', 'portal/src'],
    { cwd: root, encoding: 'utf8' },
  );
  status = result.status;
  output = `${result.stdout}\n${result.stderr}`;
});
after(() => rmSync(root, { recursive: true, force: true }));

describe('pnpm deps:check', () => {
  it('fails naming each planted violation, and only those', () => {
    assert.notEqual(status, 0, output);
    // Exactly the planted ones: the rules name nothing in the real code.
    assert.match(output, /9 dependency violations \(9 errors, 0 warnings\)/);
  });

  it('refuses a lower layer importing a feature, a circle, and a deep import into another feature', () => {
    assert.match(
      output,
      /api-lower-layers-import-no-feature: api\/src\/lib\/planted-upward\.ts → api\/src\/features\/quotes\/index\.ts/,
    );
    // A circle is reported once, from its first module, with the path it runs along.
    assert.match(
      output,
      /no-circular: api\/src\/lib\/planted-circle-a\.ts →\s+api\/src\/lib\/planted-circle-b\.ts/,
    );
    assert.match(
      output,
      /api-feature-through-index: api\/src\/features\/users\/planted-deep\.ts → api\/src\/features\/couriers\/catalog\.ts/,
    );
  });

  it('refuses lib reading the app context, db reading lib, and lib reading a provider', () => {
    assert.match(
      output,
      /api-lower-layers-import-no-context: api\/src\/lib\/planted-context\.ts → api\/src\/context\.ts/,
    );
    assert.match(
      output,
      /api-db-imports-no-lib-or-providers: api\/src\/db\/planted-lib\.ts → api\/src\/lib\/errors\.ts/,
    );
    assert.match(
      output,
      /api-lib-imports-no-provider: api\/src\/lib\/planted-provider\.ts → api\/src\/providers\/mail\/index\.ts/,
    );
  });

  it("refuses app/ imported from below it in the portal, and the browser tests importing the API's code", () => {
    assert.match(
      output,
      /portal-app-is-the-root: portal\/src\/features\/home\/planted-app\.ts → portal\/src\/app\/router\.tsx/,
    );
    assert.match(
      output,
      /portal-app-is-the-root: portal\/src\/shared\/api\/planted-app\.ts → portal\/src\/app\/providers\.tsx/,
    );
    assert.match(
      output,
      /portal-browser-tests-not-api-src: portal\/src\/e2e\/planted-api\.ts → api\/src\/domain\/uk-days\.ts/,
    );
  });
});
