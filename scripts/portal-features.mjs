/**
 * The portal's one dependency rule, read straight from the sources: a file in
 * portal/src/features/<X> imports nothing from portal/src/features/<Y>. What several features use
 * lives in portal/src/shared (or lib/, components/); routes (app/router.tsx) may import features.
 * dependency-cruiser checks the same rule (portal/dependency-rules.cjs); this reader needs no
 * install and no config, so the rule holds on its own.
 *
 * `node scripts/portal-features.mjs` lists the cross-feature imports (and any import from shared,
 * lib or components up into a feature) and exits 1 if there are any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
// Static imports and re-exports (`from '…'`), side-effect imports and dynamic import('…').
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The feature a path under `featuresDir` belongs to, or null for anything outside it. */
function featureOf(featuresDir, path) {
  const rel = relative(featuresDir, path);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0] ?? null;
}

/** Every import in `featuresDir` that reaches into another feature: { file, line, specifier, from, to }. */
export function crossFeatureImports(featuresDir) {
  const found = [];
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(featuresDir, file);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      for (const match of text.matchAll(SPECIFIERS)) {
        const specifier = match[2];
        if (!specifier.startsWith('.')) continue;
        const to = featureOf(featuresDir, resolve(dirname(file), specifier));
        if (to && to !== from)
          found.push({ file: relative(featuresDir, file), line: index + 1, specifier, from, to });
      }
    });
  }
  return found;
}

/** Imports from the layers below the features (shared, lib, components) up into a feature. */
export function upwardImports(srcDir) {
  const featuresDir = join(srcDir, 'features');
  const found = [];
  for (const layer of ['shared', 'lib', 'components']) {
    let files;
    try {
      files = [...sourceFiles(join(srcDir, layer))];
    } catch {
      continue;
    }
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, index) => {
          for (const match of text.matchAll(SPECIFIERS)) {
            const specifier = match[2];
            if (!specifier.startsWith('.')) continue;
            const to = featureOf(featuresDir, resolve(dirname(file), specifier));
            if (to) found.push({ file: relative(srcDir, file), line: index + 1, specifier, from: layer, to });
          }
        });
    }
  }
  return found;
}

export const PORTAL_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../portal/src');
export const PORTAL_FEATURES = join(PORTAL_SRC, 'features');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = crossFeatureImports(PORTAL_FEATURES);
  for (const f of found)
    console.log(`features/${f.file}:${f.line} imports ${f.specifier} (${f.from} -> ${f.to})`);
  const upward = upwardImports(PORTAL_SRC);
  for (const f of upward)
    console.log(`${f.file}:${f.line} imports ${f.specifier} (${f.from} -> feature ${f.to})`);
  console.log(
    `${found.length} cross-feature imports, ${upward.length} imports from shared/lib/components into features`,
  );
  process.exitCode = found.length + upward.length === 0 ? 0 : 1;
}
