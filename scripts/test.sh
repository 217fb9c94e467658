#!/usr/bin/env bash
# Every test of the repository: lint, types, unit and API tests (with the OpenAPI drift check),
# the build scripts' tests, the front-end builds and their compressed copies, a smoke run of the
# benchmark, and the browser tests against the built product.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { npx --yes pnpm@10 "$@"; }
step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

step "Lint and format (Biome)"
npx biome check .

step "Type check"
pnpm -r typecheck

step "Dependency rules (dependency-cruiser, .dependency-cruiser.cjs)"
pnpm deps:check

step "Unit and API tests (includes the openapi.yaml drift check)"
pnpm -r --workspace-concurrency=1 test

step "Build and start script tests (node --test scripts/)"
node --test scripts/

step "OpenAPI lint"
(cd api && npx redocly lint --config ../redocly.yaml ../openapi.yaml)

step "Build"
pnpm build

step "Build records and compressed copies"
# A start right after a build must skip every package, and every copy must decode to its file.
node scripts/build.mjs --check
node scripts/precompress.mjs --check portal/dist admin/dist widget/dist api/dist/docs

step "Benchmark smoke run (every scenario for 1 s; goals reported, not enforced)"
pnpm bench:smoke

if [ "${SKIP_E2E:-0}" = "1" ]; then
  echo "SKIP_E2E=1: browser tests skipped"
else
  step "Browser tests (Playwright + Chromium)"
  bash scripts/e2e.sh
fi
echo
echo "All tests passed."
