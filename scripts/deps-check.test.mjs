/**
 * The dependency rules bite: dependency-cruiser, with the repository's own config, passes on a
 * copy of api/src (and portal/src) and fails on the same copy with a violation planted for each
 * rule that guards the layers (a lib file importing a feature, a two-file circle, a deep import
 * into another feature; a portal feature or shared module importing app/, a browser test
 * importing the API's code), naming the rule and the file. Run with `node --test scripts/` (scripts/test.sh).
 * The copy lives in a temporary folder, so nothing is ever planted in the repository.
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

/**
 * dependency-cruiser over folders of the copy (api/src unless named), from the copy's root: the
 * rules' paths start at api/ and portal/.
 */
function check(...folders) {
  const args = [depcruise, '--config', config, '--no-progress', ...(folders.length ? folders : ['api/src'])];
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

const plant = (file, text) => writeFileSync(join(root, file), text);

describe('pnpm deps:check, the portal', () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'consign-deps-'));
    for (const folder of ['api/src', 'portal/src']) {
      cpSync(join(repo, folder), join(root, folder), {
        recursive: true,
        filter: (source) => !source.includes('node_modules'),
      });
    }
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it("refuses app/ imported from below it and the browser tests importing the API's code", () => {
    const clean = check('portal/src');
    assert.equal(clean.status, 0, clean.output);

    plant('portal/src/features/home/planted-app.ts', "export { routes } from '../../app/router';\n");
    plant('portal/src/shared/api/planted-app.ts', "export { AppProviders } from '../../app/providers';\n");
    // A test may render the composed app.
    plant(
      'portal/src/features/home/planted.test.tsx',
      "export { AppProviders } from '../../app/providers';\n",
    );
    plant('portal/src/e2e/planted-api.ts', "export { ukToday } from '../../../api/src/domain/uk-days';\n");

    const dirty = check('portal/src');
    assert.notEqual(dirty.status, 0, dirty.output);
    assert.match(
      dirty.output,
      /portal-app-is-the-root: portal\/src\/features\/home\/planted-app\.ts → portal\/src\/app\/router\.tsx/,
    );
    assert.match(
      dirty.output,
      /portal-app-is-the-root: portal\/src\/shared\/api\/planted-app\.ts → portal\/src\/app\/providers\.tsx/,
    );
    assert.match(
      dirty.output,
      /portal-browser-tests-not-api-src: portal\/src\/e2e\/planted-api\.ts → api\/src\/domain\/uk-days\.ts/,
    );
    assert.match(dirty.output, /3 dependency violations \(3 errors, 0 warnings\)/);
  });
});

describe('pnpm deps:check', () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'consign-deps-'));
    cpSync(join(repo, 'api/src'), join(root, 'api/src'), {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('passes on the code as it is, then fails naming each planted violation', () => {
    const clean = check();
    assert.equal(clean.status, 0, clean.output);
    assert.match(clean.output, /no dependency violations found/);

    plant('api/src/lib/planted-upward.ts', "export { quotesRouter } from '../features/quotes';\n");
    plant(
      'api/src/lib/planted-circle-a.ts',
      "import { b } from './planted-circle-b';\nexport const a = () => b;\n",
    );
    plant(
      'api/src/lib/planted-circle-b.ts',
      "import { a } from './planted-circle-a';\nexport const b = () => a;\n",
    );
    plant(
      'api/src/features/users/planted-deep.ts',
      "export { quotableService } from '../couriers/catalog';\n",
    );

    const dirty = check();
    assert.notEqual(dirty.status, 0, dirty.output);
    assert.match(
      dirty.output,
      /api-lower-layers-import-no-feature: api\/src\/lib\/planted-upward\.ts → api\/src\/features\/quotes\/index\.ts/,
    );
    // A circle is reported once, from its first module, with the path it runs along.
    assert.match(
      dirty.output,
      /no-circular: api\/src\/lib\/planted-circle-a\.ts →\s+api\/src\/lib\/planted-circle-b\.ts/,
    );
    assert.match(
      dirty.output,
      /api-feature-through-index: api\/src\/features\/users\/planted-deep\.ts → api\/src\/features\/couriers\/catalog\.ts/,
    );
    // Exactly the planted ones: the rules name nothing in the real code.
    assert.match(dirty.output, /3 dependency violations \(3 errors, 0 warnings\)/);
  });
});

describe('pnpm deps:check, the layers below the features', () => {
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'consign-deps-'));
    cpSync(join(repo, 'api/src'), join(root, 'api/src'), {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('refuses lib reading the app context, db reading lib, and lib reading a provider', () => {
    plant('api/src/lib/planted-context.ts', "export type { AppEnv } from '../context';\n");
    plant('api/src/db/planted-lib.ts', "export { AppError } from '../lib/errors';\n");
    plant('api/src/lib/planted-provider.ts', "export type { Mailer } from '../providers/mail';\n");

    const dirty = check();
    assert.notEqual(dirty.status, 0, dirty.output);
    assert.match(
      dirty.output,
      /api-lower-layers-import-no-context: api\/src\/lib\/planted-context\.ts → api\/src\/context\.ts/,
    );
    assert.match(
      dirty.output,
      /api-db-imports-no-lib-or-providers: api\/src\/db\/planted-lib\.ts → api\/src\/lib\/errors\.ts/,
    );
    assert.match(
      dirty.output,
      /api-lib-imports-no-provider: api\/src\/lib\/planted-provider\.ts → api\/src\/providers\/mail\/index\.ts/,
    );
    assert.match(dirty.output, /3 dependency violations \(3 errors, 0 warnings\)/);
  });
});
