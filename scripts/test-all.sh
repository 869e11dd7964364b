#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine with Node.js and npm
# (Node.js 24 is fetched when the machine has another line: scripts/node-lts.sh),
# then runs every test. This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing Debian packages: ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "warning: missing ${need[*]} and not root: tests that need them will fail" >&2
  fi
fi

. scripts/node-lts.sh
npm ci --no-audit --no-fund
npm test
