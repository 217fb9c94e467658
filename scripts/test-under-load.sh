#!/usr/bin/env bash
# The README test command, three times in a row, on a fresh clone, with two CPU burners running
# beside it: the tests must be green every time on a busy machine (docs/contributing.md).
#
#   bash scripts/test-under-load.sh [REF]     REF: what to clone (default: the current HEAD)
#
# RUNS (default 3) and BURNERS (default 2) change the counts; MAX_MINUTES (default 60) bounds
# each run; TEST_COMMAND replaces the README's install-and-test (for a shorter check of the script
# itself). The burners and the clone are removed whatever happens (Ctrl-C included).
set -euo pipefail
cd "$(dirname "$0")/.."
REF="${1:-HEAD}"
RUNS="${RUNS:-3}"
BURNERS="${BURNERS:-2}"
MAX_MINUTES="${MAX_MINUTES:-60}"
TEST_COMMAND="${TEST_COMMAND:-npx --yes pnpm@10 install --frozen-lockfile && npx --yes pnpm@10 test}"
COMMIT="$(git rev-parse --verify "$REF^{commit}")"

WORK="$(mktemp -d -t consign-under-load-XXXXXX)"
BURNER_PIDS=()
stop_burners() {
  for pid in "${BURNER_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${BURNER_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  BURNER_PIDS=()
}
RUN_PID=
cleanup() {
  if [ -n "$RUN_PID" ]; then
    kill "$RUN_PID" 2>/dev/null || true
    wait "$RUN_PID" 2>/dev/null || true
  fi
  stop_burners
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "Fresh clone of $COMMIT into $WORK"
git clone --quiet --no-checkout "$PWD" "$WORK/consign"
git -C "$WORK/consign" checkout --quiet "$COMMIT"

for _ in $(seq 1 "$BURNERS"); do
  # Each burner also ends itself after the longest the runs may take, should this script be killed
  # without its trap running.
  timeout "$((RUNS * MAX_MINUTES + 5))m" node -e 'for(;;){}' &
  BURNER_PIDS+=("$!")
done
echo "$BURNERS CPU burners running (pids ${BURNER_PIDS[*]}) on $(nproc) cores"

results=()
failed=0
for run in $(seq 1 "$RUNS"); do
  echo
  echo "=== Run $run of $RUNS (install + test), log: $WORK/run-$run.log ==="
  start=$(date +%s)
  status=0
  # In the background, waited for: a trap runs at once (bash holds it while a foreground command
  # runs). timeout runs the command in a process group of its own and passes a signal to all of it.
  (
    cd "$WORK/consign"
    exec timeout --kill-after=30s "${MAX_MINUTES}m" bash -c "$TEST_COMMAND"
  ) >"$WORK/run-$run.log" 2>&1 &
  RUN_PID=$!
  wait "$RUN_PID" || status=$?
  RUN_PID=
  took=$(($(date +%s) - start))
  verdict=$([ "$status" = 0 ] && echo green || echo "RED (exit $status)")
  results+=("run $run: $verdict in $((took / 60)) min $((took % 60)) s")
  echo "${results[-1]}"
  # The timing table (or the failure) from the end of the run's log.
  sed -n '/== Timings (wall) ==/,$p' "$WORK/run-$run.log"
  if [ "$status" != 0 ]; then
    failed=1
    echo "--- last 80 lines of run $run ---"
    tail -n 80 "$WORK/run-$run.log"
  fi
done
stop_burners

echo
echo "=== Under load ($BURNERS burners, $(nproc) cores), $COMMIT ==="
printf '%s\n' "${results[@]}"
exit "$failed"
