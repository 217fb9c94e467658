#!/usr/bin/env bash
# Every test of the repository: lint, types, dependency rules, the build scripts' tests, the
# OpenAPI lint, the front-end builds and their compressed copies, every package's unit and API
# tests (with the OpenAPI drift check), a smoke run of the benchmark, and the browser tests
# against the built product. Ends with a timing table: each step's wall time and the five slowest
# test files of each package (docs/contributing.md, "The test command").
#
# Two cores: steps that are mostly one process each run side by side (lint beside the type check,
# the bench smoke beside the small packages);
# the test runners use both cores themselves and run one after another. The product is built once:
# the size checks, the bench smoke and the browser tests use that build.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { npx --yes pnpm@10 "$@"; }
# A tool from the current package's node_modules/.bin (pnpm links each package's own).
bin() { "./node_modules/.bin/$1" "${@:2}"; }

export TEST_STARTED="$(date +%s)"
TIMINGS="$(mktemp -d -t consign-test-XXXXXX)"
STEPS="$TIMINGS/steps.tsv"
: >"$STEPS"
trap 'rm -rf "$TIMINGS"' EXIT

now() { date +%s.%N; }
record() { printf '%s\t%s\n' "$1" "$(awk -v a="$(now)" -v b="$2" 'BEGIN { printf "%.1f", a - b }')" >>"$STEPS"; }
title() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }
timings() { node scripts/timing-table.mjs "$STEPS" "$TIMINGS"; }

# run COMMAND…: runs it with errexit in force inside it, and leaves its status in RUN_STATUS.
# Never call it from `if`, `!`, `||` or `&&`: bash turns errexit off for everything run there,
# and a function would then carry on past a failed command.
run() {
  set +e
  (
    set -e
    "$@"
  )
  RUN_STATUS=$?
  set -e
}

# step NAME COMMAND…: runs it in the foreground and records its wall time.
step() {
  local name="$1" start
  shift
  title "$name"
  start="$(now)"
  run "$@"
  if [ "$RUN_STATUS" != 0 ]; then
    record "$name (FAILED)" "$start"
    timings || true
    exit "$RUN_STATUS"
  fi
  record "$name" "$start"
}

# side_by_side NAME_A FUNCTION_A NAME_B FUNCTION_B: runs both at once, each writing to its own log,
# then prints the logs one after the other (never interleaved) and records each one's wall time.
side_by_side() {
  local name_a="$1" fn_a="$2" name_b="$3" fn_b="$4" status_a=0 status_b=0
  title "$name_a  |  $name_b (side by side)"
  lane "$name_a" "$fn_a" &
  local pid_a=$!
  lane "$name_b" "$fn_b" &
  local pid_b=$!
  wait "$pid_a" || status_a=$?
  wait "$pid_b" || status_b=$?
  for name in "$name_a" "$name_b"; do
    title "$name"
    cat "$TIMINGS/$(slug "$name").log"
  done
  if [ "$status_a" != 0 ] || [ "$status_b" != 0 ]; then
    timings || true
    exit 1
  fi
}
slug() { echo "$1" | tr -c 'a-zA-Z0-9' '-'; }
lane() {
  local name="$1" fn="$2" start
  start="$(now)"
  run "$fn" >"$TIMINGS/$(slug "$name").log" 2>&1
  record "$name$([ "$RUN_STATUS" = 0 ] || echo ' (FAILED)')" "$start"
  return "$RUN_STATUS"
}

# vitest_run NAME: vitest's own output, plus a JSON report the timing table reads.
vitest_run() { bin vitest run --reporter=default --reporter=json --outputFile.json="$TIMINGS/vitest-$1.json"; }

static_checks() {
  bin biome check .
  node --test scripts/
  (cd api && npx redocly lint --config ../redocly.yaml ../openapi.yaml)
}
types_and_rules() {
  node scripts/typecheck.mjs
  pnpm deps:check
}
side_by_side "Lint, build script tests, OpenAPI lint" static_checks \
  "Type check, dependency rules" types_and_rules

step "Build" pnpm build

build_checks() {
  # A start right after a build must skip every package, and every copy must decode to its file.
  node scripts/build.mjs --check
  node scripts/precompress.mjs --check portal/dist admin/dist widget/dist api/dist/docs
}
step "Build records and compressed copies" build_checks

api_tests() { (cd api && vitest_run api); }
portal_tests() { (cd portal && vitest_run portal); }
step "API tests (includes the openapi.yaml drift check)" api_tests
step "Portal unit tests" portal_tests

small_packages() {
  (cd packages/shared && vitest_run shared)
  # The console's and the widget's size budgets are read from the build above, not a second one.
  (cd admin && vitest_run admin && bin size-limit)
  # The widget's Storybook was built with it above (widget/dist/storybook): served at
  # /docs/widget-states, every story is checked with axe by the browser tests (widget-states.spec.ts).
  (cd widget && bin size-limit && vitest_run widget)
}
# The bench smoke is mostly one process waiting on its seed and its server: it fits beside the
# small packages' runs (its goals are reported, not enforced, so sharing the cores is harmless).
bench_smoke() { node api/bench/run.mjs --smoke; }
side_by_side "Shared, console and widget tests (size budgets)" small_packages \
  "Benchmark smoke run (every scenario for 1 s; goals reported, not enforced)" bench_smoke

if [ "${SKIP_E2E:-0}" = "1" ]; then
  echo "SKIP_E2E=1: browser tests skipped"
else
  step "Browser tests (Playwright + Chromium, a built server per worker)" \
    env E2E_JSON_REPORT="$TIMINGS/playwright.json" bash scripts/e2e.sh
fi

timings
echo
echo "All tests passed."
