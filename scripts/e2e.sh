#!/usr/bin/env bash
# Build and run the Playwright specs; a lock serialises runs so parallel work never shares a build.
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/meridian-e2e.lock bash -c 'npm run -s build && npx playwright test "$@"' e2e "$@"
