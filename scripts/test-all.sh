#!/usr/bin/env bash
# Everything CI checks: types, lint, build, unit + API tests (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), end-to-end tests in Chromium. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."

# The end-to-end tests run in Debian's Chromium headless shell (or CHROMIUM_PATH; playwright.config.ts).
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Chromium's headless shell for the end-to-end tests..."
    if ! (apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell) >/dev/null; then
      [ -x /usr/bin/chromium ] || { echo "Could not install chromium"; exit 1; }
      echo "Could not install chromium-headless-shell: the end-to-end tests run in /usr/bin/chromium"
    fi
  elif [ ! -x /usr/bin/chromium ]; then
    echo "The end-to-end tests need Debian's Chromium: sudo apt-get install -y chromium-headless-shell"; exit 1
  fi
fi

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p reports && rm -f reports/*.json
step() { echo; echo "==> $*"; }

# The type checks and the lint read the same files and need nothing of each other: side by side, each printed whole.
step "typecheck and lint"
tmp=$(mktemp -d)
npm run -s typecheck >"$tmp/typecheck" 2>&1 & tc=$!
npm run -s lint >"$tmp/lint" 2>&1 & li=$!
# Interrupted: stop both (background jobs of a script ignore Ctrl-C) and leave nothing behind.
trap 'kill $tc $li 2>/dev/null; rm -rf "$tmp"; exit 130' INT TERM
wait $tc; tc=$?
wait $li; li=$?
trap - INT TERM
cat "$tmp/typecheck" "$tmp/lint"; rm -rf "$tmp"
[ $tc -eq 0 ] || { echo "typecheck failed"; exit 1; }
[ $li -eq 0 ] || { echo "lint failed"; exit 1; }
step build && npm run -s build || exit 1
step "unit and API tests" 
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
unit=$?
step "end-to-end tests (Chromium)"
CI=1 npx playwright test
e2e=$?

node -e '
const fs = require("fs");
let passed = 0, failed = 0;
try { const v = JSON.parse(fs.readFileSync("reports/vitest.json", "utf8")); passed += v.numPassedTests; failed += v.numFailedTests; } catch { failed += 1; }
try { const p = JSON.parse(fs.readFileSync("reports/e2e.json", "utf8")); passed += p.stats.expected; failed += p.stats.unexpected + (p.stats.flaky || 0); } catch { failed += 1; }
console.log(`\n${passed} passed, ${failed} failed`);
'
[ $unit -eq 0 ] && [ $e2e -eq 0 ]
