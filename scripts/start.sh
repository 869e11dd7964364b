#!/usr/bin/env bash
# The README's first command: installs Tabula on Node.js 24 and starts it on SQLite (./data/).
# Extra arguments go to `tabula serve` (e.g. --port 8081).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node-lts.sh
npm ci --no-audit --no-fund
npm run build
exec node packages/cli/dist/main.js serve "$@"
