#!/usr/bin/env bash
# CI entry of the end-to-end suite (called by .ci/run after `npm test`): installs what it needs on a
# clean Debian machine (as root), then runs the suite and the UI checks in code-server + Chromium
# against the packaged .vsix. Bounded: setup 10 minutes, the run 20 minutes (its own watchdog
# stops it at 15). Screenshots and logs: test-results/.
set -euo pipefail
cd "$(dirname "$0")/../.."
export npm_config_yes=true
t0=$(date +%s)
if [[ ! -d node_modules ]]; then
  npm ci --no-audit --no-fund
fi
timeout --kill-after=30 600 bash test/e2e/setup.sh
t1=$(date +%s)
echo "e2e: setup took $((t1 - t0)) s"
timeout --kill-after=30 1200 node test/e2e/run-code-server.mjs
