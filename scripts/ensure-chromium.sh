#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; no test tool may download a browser of its own.
set -euo pipefail
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM_PATH" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package (apt-get)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM_PATH" ] && exit 0
fi
cat >&2 <<MSG
The browser tests need Chromium at $CHROMIUM_PATH and it is not there.
Install it, then run the tests again:
  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium
  elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium
To run everything except the browser tests: SKIP_E2E=1 npx --yes pnpm@10 test
MSG
exit 1
