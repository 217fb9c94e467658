/**
 * scripts/build.mjs: a start rebuilds a package only when its sources changed. Run with
 * `node --test scripts/` (scripts/test.sh). Each test builds in a fixture workspace of its own with
 * a stand-in build command that writes the output and counts its runs.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { buildPackages, HASH_FILE, stalePackages } from './build.mjs';

const APP = { name: 'app', dir: 'app', output: 'dist/out.txt' };

let root;
let runs;
let lines;
const write = (file, text) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
const build = (options = {}) =>
  buildPackages({
    root,
    packages: [APP],
    changedOnly: true,
    env: {},
    log: (line) => lines.push(line),
    run: async (pkg) => {
      runs++;
      write(`${pkg.dir}/${pkg.output}`, `built ${runs}`);
    },
    ...options,
  });

function fixture() {
  root = mkdtempSync(join(tmpdir(), 'consign-build-test-'));
  runs = 0;
  lines = [];
  write('package.json', '{"name":"root","private":true}');
  write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
  write('lib/package.json', JSON.stringify({ name: '@x/lib', exports: { './client': './client/index.ts' } }));
  write('lib/client/index.ts', 'export const client = 1;\n');
  write('lib/src/server.ts', 'export const server = 1;\n');
  write('app/package.json', JSON.stringify({ name: '@x/app', dependencies: { '@x/lib': 'workspace:*' } }));
  write('app/src/main.ts', 'console.log("app");\n');
}

describe('build --changed (pnpm start)', () => {
  beforeEach(fixture);
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on the first start, printing progress, and skips an unchanged package on the second', async () => {
    assert.deepEqual(await build(), { built: ['app'], skipped: [] });
    assert.match(lines[0], /^\[1\/1\] app: building \(not built yet\)…$/);
    assert.match(lines[1], /^\[1\/1\] app: built in \d+\.\d s$/);
    assert.ok(existsSync(join(root, 'app/dist', HASH_FILE)));

    lines = [];
    assert.deepEqual(await build(), { built: [], skipped: ['app'] });
    assert.equal(runs, 1);
    assert.match(lines[0], /app: unchanged since its last build, skipped/);
    assert.deepEqual(stalePackages({ root, packages: [APP], env: {} }), []);
  });

  it('rebuilds after a source edit, a new file or a deleted one', async () => {
    await build();
    write('app/src/main.ts', 'console.log("app, edited");\n');
    assert.deepEqual(stalePackages({ root, packages: [APP], env: {} }), [
      { name: 'app', reason: 'sources changed since its last build' },
    ]);
    assert.deepEqual((await build()).built, ['app']);
    write('app/src/extra.ts', 'export {};\n');
    assert.deepEqual((await build()).built, ['app']);
    rmSync(join(root, 'app/src/extra.ts'));
    assert.deepEqual((await build()).built, ['app']);
    assert.deepEqual((await build()).built, []);
    assert.equal(runs, 4);
  });

  it('does not rebuild for a unit test or a browser spec, which no build reads', async () => {
    await build();
    write('app/src/main.test.ts', 'test("app", () => {});\n');
    write('app/src/e2e/story.spec.ts', 'test("story", () => {});\n');
    write('app/src/e2e/support.ts', 'export const helper = 1;\n');
    assert.deepEqual((await build()).built, []);
    write('app/src/main.tsx', 'export {};\n');
    assert.deepEqual((await build()).built, ['app'], 'a source file beside them still counts');
  });

  it('follows the part of a workspace package it imports, the lockfile and the build environment', async () => {
    await build();
    write('lib/src/server.ts', 'export const server = 2;\n');
    assert.deepEqual((await build()).built, [], 'a change outside the exports is not an input');
    write('lib/client/index.ts', 'export const client = 2;\n');
    assert.deepEqual((await build()).built, ['app']);
    write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n# upgraded\n');
    assert.deepEqual((await build()).built, ['app']);
    assert.deepEqual((await build({ env: { VITE_FLAG: '1' } })).built, ['app']);
    assert.deepEqual((await build({ env: { VITE_FLAG: '1', UNRELATED: 'x' } })).built, []);
    // NODE_ENV=production pnpm start after a plain pnpm build: the same production build.
    assert.deepEqual((await build({ env: { VITE_FLAG: '1', NODE_ENV: 'production' } })).built, []);
    assert.deepEqual((await build({ env: { VITE_FLAG: '1', NODE_ENV: 'development' } })).built, ['app']);
  });

  it('follows a workspace package kept under packages/ (the shared vocabulary)', async () => {
    write(
      'packages/words/package.json',
      JSON.stringify({ name: '@x/words', exports: { './*': './src/*.ts' } }),
    );
    write('packages/words/src/money.ts', 'export const pence = 100;\n');
    write(
      'app/package.json',
      JSON.stringify({
        name: '@x/app',
        dependencies: { '@x/lib': 'workspace:*', '@x/words': 'workspace:*' },
      }),
    );
    await build();
    write('packages/words/src/money.ts', 'export const pence = 101;\n');
    assert.deepEqual((await build()).built, ['app']);
  });

  it('rebuilds when the output or the hash is gone (a hand-run vite build empties dist/)', async () => {
    await build();
    rmSync(join(root, 'app/dist'), { recursive: true });
    assert.deepEqual((await build()).built, ['app']);
    assert.match(lines.at(-2), /not built yet|built in/);
    rmSync(join(root, 'app/dist', HASH_FILE));
    lines = [];
    assert.deepEqual((await build()).built, ['app']);
    assert.match(lines[0], /no record of its last build/);
  });

  it('leaves no hash after a failed build, so the next start tries again', async () => {
    await build();
    write('app/src/main.ts', 'syntax error(\n');
    await assert.rejects(
      build({
        run: async () => {
          throw new Error('app build failed (exit 1)');
        },
      }),
      /app build failed/,
    );
    assert.equal(existsSync(join(root, 'app/dist', HASH_FILE)), false);
    assert.deepEqual((await build()).built, ['app']);
  });

  it('ignores what git ignores (outputs, databases) when the folder is a git work tree', async (t) => {
    if (spawnSync('git', ['--version']).status !== 0) return t.skip('no git');
    write('.gitignore', 'dist/\n*.db\n');
    spawnSync('git', ['init', '-q'], { cwd: root });
    await build();
    write('app/local.db', 'data');
    write('app/dist/extra.js', 'built');
    assert.deepEqual((await build()).built, []);
    write('app/src/untracked-new.ts', 'export {};\n');
    assert.deepEqual((await build()).built, ['app'], 'a new file git would track is a source');
  });

  it('builds every package when a full build is asked for', async () => {
    await build();
    assert.deepEqual((await build({ changedOnly: false })).built, ['app']);
    assert.match(lines.at(-2), /built in/);
  });

  it('builds two packages side by side, and starts no other once one fails', {
    timeout: 10_000,
  }, async () => {
    const packages = ['a', 'b', 'c'].map((name) => ({ name, dir: name, output: 'dist/out.txt' }));
    for (const p of packages) {
      write(`${p.dir}/package.json`, JSON.stringify({ name: `@x/${p.name}` }));
      write(`${p.dir}/src/index.ts`, `export const ${p.name} = 1;\n`);
    }
    // Each fake build waits for the test to end it: finish(name) or fail(name).
    const waiting = new Map();
    const run = (pkg) =>
      new Promise((resolve, reject) => {
        waiting.set(pkg.name, { resolve, reject });
      }).then(() => write(`${pkg.dir}/${pkg.output}`, 'built'));
    const tick = () => new Promise((r) => setImmediate(r));
    const underWay = async (count) => {
      for (let i = 0; waiting.size < count; i++) {
        assert.ok(i < 10_000, `${count} builds under way (only ${[...waiting.keys()].join(', ')})`);
        await tick();
      }
      return [...waiting.keys()].sort();
    };
    const end = (name, error) => {
      const { resolve, reject } = waiting.get(name);
      waiting.delete(name);
      error ? reject(error) : resolve();
    };

    let done = build({ packages, jobs: 2, run });
    assert.deepEqual(await underWay(2), ['a', 'b'], 'two builds at once');
    end('a');
    assert.deepEqual(await underWay(2), ['b', 'c'], 'the next starts as one ends');
    end('b');
    end('c');
    assert.deepEqual([...(await done).built].sort(), ['a', 'b', 'c']);

    done = build({ packages, jobs: 2, changedOnly: false, run });
    await underWay(2);
    end('a', new Error('a build failed (exit 1)'));
    await tick();
    end('b');
    await assert.rejects(done, /a build failed/);
    assert.deepEqual([...waiting.keys()], [], 'c was never started');
    assert.equal(existsSync(join(root, 'a/dist', HASH_FILE)), false);
    assert.equal(existsSync(join(root, 'b/dist', HASH_FILE)), true, 'b, under way, finished');
  });
});
