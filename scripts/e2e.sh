#!/usr/bin/env bash
# Runs the Playwright specs in Debian's Chromium against the built product: each Playwright worker
# starts its own server (api/dist/main.js) on a free port with a fresh data folder and stops it at
# the end (portal/src/e2e/fixtures.ts). Arguments go to Playwright:
#   bash scripts/e2e.sh src/e2e/a11y.spec.ts    one spec
#   bash scripts/e2e.sh --workers=1             one worker
# With E2E_BASE_URL set, the specs test that running product instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
if [ -z "${E2E_BASE_URL:-}" ] && [ ! -f api/dist/main.js ]; then
  echo "The browser tests run against the built product: build it first (npx --yes pnpm@10 build)." >&2
  exit 1
fi
exec npx --yes pnpm@10 --filter @consign/portal test:e2e "$@"
