import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./typecheck.mjs', import.meta.url));

test('a package that is not in the repository is refused by name, with the choices, before any check', () => {
  const run = spawnSync(process.execPath, [script, 'portal', 'nowhere'], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(
    run.stderr,
    /Unknown package: nowhere \(one of packages\/shared, api, portal, admin, widget\)/,
  );
  assert.equal(run.stdout, '');
});
