#!/usr/bin/env node
/**
 * Builds the four packages the production process serves (widget, portal, admin and the API), two at a time.
 *
 *   node scripts/build.mjs            build all four (`pnpm build`)
 *   node scripts/build.mjs --changed  build only those whose sources changed since their last
 *                                     build (`pnpm start`, `pnpm bench`)
 *   node scripts/build.mjs --check    build nothing; fail if any package would be rebuilt
 *                                     (scripts/test.sh, right after `pnpm build`)
 *
 * After a successful build each package's dist/ holds `.build-hash`: a SHA-256 of its sources
 * (every file git does not ignore in the package, the part of each workspace package it imports,
 * the lockfile, the shared build files and the environment variables the builds read). A package
 * whose hash file matches, and whose output is there, is skipped. A build that fails leaves no hash;
 * a `vite build` run by hand empties dist/ and the hash with it, so neither is mistaken for fresh.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const HASH_FILE = '.build-hash';

/** In the order they start, two at a time: no build reads another's output. */
export const PACKAGES = [
  { name: 'widget', dir: 'widget', output: 'dist/consign.js' },
  { name: 'portal', dir: 'portal', output: 'dist/index.html' },
  { name: 'admin', dir: 'admin', output: 'dist/index.html' },
  { name: 'api', dir: 'api', output: 'dist/main.js' },
];
/** Files outside the packages that change what every build writes. */
export const SHARED_INPUTS = [
  'package.json',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
  'scripts/precompress.mjs',
];
/** Never sources, when git cannot say what is ignored (an export without .git). */
const NOT_SOURCES = new Set([
  'node_modules',
  'dist',
  'dist-prerender',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
  '.vite',
  '.git',
]);
const GENERATED_FILE = /\.(db|db-wal|db-shm|tsbuildinfo)$|^api\/bench\/results\.json$/;
/**
 * Tracked, but no build reads them: unit tests, browser specs and their helpers (a build that
 * imported one would fail its own tests first). Editing a spec then costs no rebuild before running it.
 */
const NOT_BUILT = /\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)e2e\//;

const toPosix = (path) => path.split(sep).join(posix.sep);

function walk(root, dir) {
  const out = [];
  if (!existsSync(join(root, dir))) return out;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_SOURCES.has(entry.name)) out.push(...walk(root, path));
    } else if (entry.isFile() && !GENERATED_FILE.test(path)) out.push(path);
  }
  return out;
}

/** The files under `dirs` (relative to root) that are sources: what git tracks or would track. */
function sourceFiles(root, dirs) {
  const git = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...dirs],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const files =
    git.status === 0
      ? git.stdout.split('\0').filter(Boolean)
      : dirs.flatMap((dir) => walk(root, toPosix(dir)));
  // Deleted but still in git's index: gone from the build's point of view too.
  return [...new Set(files)].filter((f) => existsSync(join(root, f))).sort();
}

/** The folders of a workspace package that another package imports: its `exports` targets, or all of it. */
function importedDirs(root, packageDir) {
  const manifest = JSON.parse(readFileSync(join(root, packageDir, 'package.json'), 'utf8'));
  const targets = Object.values(manifest.exports ?? {}).flatMap((t) =>
    typeof t === 'string' ? [t] : Object.values(t),
  );
  if (targets.length === 0) return [packageDir];
  return [...new Set(targets.map((t) => posix.join(packageDir, posix.dirname(t))))];
}

/** Workspace packages by name: the top-level folders and those under `packages/` (pnpm-workspace.yaml). */
function workspaceDirs(root) {
  const dirs = new Map();
  for (const parent of ['', 'packages']) {
    if (!existsSync(join(root, parent))) continue;
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      const dir = posix.join(parent, entry.name);
      const manifest = join(root, dir, 'package.json');
      if (entry.isDirectory() && existsSync(manifest))
        dirs.set(JSON.parse(readFileSync(manifest, 'utf8')).name, dir);
    }
  }
  return dirs;
}

/** The hash of everything a package's build reads. */
export function sourceHash(pkg, { root = REPO_ROOT, env = process.env } = {}) {
  const manifest = JSON.parse(readFileSync(join(root, pkg.dir, 'package.json'), 'utf8'));
  const workspaces = workspaceDirs(root);
  const deps = { ...manifest.dependencies, ...manifest.devDependencies };
  const dirs = [pkg.dir];
  for (const [name, version] of Object.entries(deps)) {
    const dir = workspaces.get(name);
    if (String(version).startsWith('workspace:') && dir) dirs.push(...importedDirs(root, dir));
  }
  const hash = createHash('sha256');
  const files = [
    ...sourceFiles(root, dirs).filter((f) => !NOT_BUILT.test(f)),
    ...SHARED_INPUTS.filter((f) => existsSync(join(root, f))),
  ];
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${file}\0`);
    hash.update(
      createHash('sha256')
        .update(readFileSync(join(root, file)))
        .digest(),
    );
  }
  // Builds are production builds unless NODE_ENV says otherwise: unset and 'production' are one.
  hash.update(`NODE_ENV=${env.NODE_ENV ?? 'production'}\0`);
  for (const name of Object.keys(env).sort()) {
    if (name.startsWith('VITE_')) hash.update(`${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

const hashPath = (root, pkg) => join(root, pkg.dir, dirname(pkg.output), HASH_FILE);

/** Why the package needs building, or null when its last build is still good. */
export function staleReason(pkg, hash, root = REPO_ROOT) {
  if (!existsSync(join(root, pkg.dir, pkg.output))) return 'not built yet';
  const file = hashPath(root, pkg);
  if (!existsSync(file)) return 'no record of its last build';
  return readFileSync(file, 'utf8').trim() === hash ? null : 'sources changed since its last build';
}

/** Runs the package's own `build` script with the pnpm that started us, or pnpm 10 through npx. */
function runBuildScript(root, pkg) {
  const execPath = process.env.npm_execpath;
  const [command, args] =
    execPath && /pnpm/.test(execPath)
      ? [process.execPath, [execPath, 'run', 'build']]
      : ['npx', ['--yes', 'pnpm@10', 'run', 'build']];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: join(root, pkg.dir), stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${pkg.name} build failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Builds the packages (only the stale ones when `changedOnly`), `jobs` at a time (each build's
 * bundler spends most of its time on one core, so two side by side use a two-core machine), printing
 * a line before and after each. A failure lets the builds under way finish and starts no other.
 * Returns { built, skipped } package names.
 */
export async function buildPackages({
  root = REPO_ROOT,
  packages = PACKAGES,
  changedOnly = false,
  env = process.env,
  jobs = Math.min(2, availableParallelism()),
  log = (line) => console.log(line),
  run = (pkg) => runBuildScript(root, pkg),
} = {}) {
  const built = [];
  const skipped = [];
  const started = performance.now();
  const stale = [];
  for (const [i, pkg] of packages.entries()) {
    const step = `[${i + 1}/${packages.length}] ${pkg.name}`;
    const hash = sourceHash(pkg, { root, env });
    const reason = changedOnly ? staleReason(pkg, hash, root) : 'a full build was asked for';
    if (reason) stale.push({ step, pkg, hash, reason });
    else {
      log(`${step}: unchanged since its last build, skipped`);
      skipped.push(pkg.name);
    }
  }
  let failure = null;
  const buildOne = async ({ step, pkg, hash, reason }) => {
    log(`${step}: building (${reason})…`);
    const t0 = performance.now();
    rmSync(hashPath(root, pkg), { force: true });
    await run(pkg);
    if (!existsSync(join(root, pkg.dir, pkg.output)))
      throw new Error(`${pkg.name} build finished without ${posix.join(pkg.dir, pkg.output)}`);
    // The hash of the sources as they were when the build started: an edit made meanwhile rebuilds next time.
    writeFileSync(hashPath(root, pkg), `${hash}\n`);
    log(`${step}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    built.push(pkg.name);
  };
  const worker = async () => {
    while (stale.length && !failure) {
      try {
        await buildOne(stale.shift());
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  if (failure) throw failure;
  log(
    `build: ${built.length ? `built ${built.join(', ')}` : 'nothing to build'}` +
      `${skipped.length ? `; ${skipped.join(', ')} unchanged` : ''} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { built, skipped };
}

/** The packages a `--changed` build would rebuild, with the reason. */
export function stalePackages({ root = REPO_ROOT, packages = PACKAGES, env = process.env } = {}) {
  return packages
    .map((pkg) => ({ name: pkg.name, reason: staleReason(pkg, sourceHash(pkg, { root, env }), root) }))
    .filter((p) => p.reason);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, ...rest] = process.argv.slice(2);
  if (rest.length || ![undefined, '--changed', '--check'].includes(mode)) {
    console.error('usage: node scripts/build.mjs [--changed | --check]');
    process.exit(2);
  }
  if (mode === '--check') {
    const stale = stalePackages();
    for (const p of stale) console.error(`build --check: ${p.name} would be rebuilt: ${p.reason}`);
    if (stale.length) process.exit(1);
    console.log(`build --check: ${PACKAGES.map((p) => p.name).join(', ')} unchanged since their last build`);
  } else {
    buildPackages({ changedOnly: mode === '--changed' }).catch((err) => {
      console.error(`build: ${err.message}`);
      process.exit(1);
    });
  }
}
