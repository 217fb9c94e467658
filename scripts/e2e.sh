#!/usr/bin/env bash
# Starts the built product on a free port with a fresh data folder, runs the Playwright specs
# against it in Debian's Chromium, and stops it again.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh

DATA_DIR="$(mktemp -d -t consign-e2e-XXXXXX)"
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
LOG="$DATA_DIR/server.log"
export E2E_BASE_URL="http://127.0.0.1:$PORT"

# Earnings are released on delivery (no hold), so the payouts spec can pay a courier at once.
DATA_DIR="$DATA_DIR" PORT="$PORT" HOST=127.0.0.1 PUBLIC_URL="$E2E_BASE_URL" LOG_LEVEL=warn PAYOUT_HOLD_DAYS=0 \
  node api/dist/main.js >"$LOG" 2>&1 &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT

ready() { node -e "fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" "$E2E_BASE_URL/readyz"; }
for _ in $(seq 1 120); do
  if ready; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then echo "The server stopped:"; cat "$LOG"; exit 1; fi
  sleep 0.5
done
ready || { echo "The server did not become ready:"; cat "$LOG"; exit 1; }

status=0
# Arguments go to Playwright: `bash scripts/e2e.sh src/e2e/a11y.spec.ts` runs one spec.
npx --yes pnpm@10 --filter @consign/portal test:e2e "$@" || status=$?
if [ "$status" != 0 ]; then echo "--- server log ---"; tail -n 100 "$LOG"; fi
exit "$status"
