#!/usr/bin/env bash
# The one test command (README): installs what the tests need, then runs every check and every test.
# Stages keep going after a failure so one run shows everything; the exit code is non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

node scripts/ensure-install.mjs || exit 1
bash scripts/ensure-chromium.sh || exit 1

out=test-output
rm -rf "$out" && mkdir -p "$out"
failed=()
stage() { # stage NAME COMMAND...  (its output also goes to $out/stage-N.log)
  local name=$1; shift
  local log="$out/stage-$((++stages)).log"
  echo
  echo "=== $name"
  if ! "$@" 2>&1 | tee "$log"; then failed+=("$name"); failed_logs+=("$log"); fi
}
stages=0
failed_logs=()

stage typecheck npx tsc -p tsconfig.json --noEmit
stage lint npx eslint . --max-warnings 0
stage format npx prettier --check . --log-level warn
stage statecharts npx tsx scripts/statecharts.ts --check
stage "unit, machine and API tests (PGlite)" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$out/unit.json"

pg_url=${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}
if node scripts/pg-reachable.mjs "$pg_url"; then
  # One file at a time: files side by side share the server's transactions, and a log follower reads only what
  # every transaction still running leaves behind (server/events/follower.ts), so another file's open transaction
  # holds back a follower a test expects to catch up.
  stage "API tests (PostgreSQL at $pg_url)" env TEST_DATABASE_URL="$pg_url" \
    npx vitest run tests/server --maxWorkers=1 --reporter=default --reporter=json --outputFile.json="$out/postgres.json"
elif [ "${CI:-}" = true ]; then
  echo "PostgreSQL at $pg_url is not reachable, and CI must exercise it."
  failed+=("postgres")
else
  echo "PostgreSQL at $pg_url is not reachable: API tests ran on PGlite only."
fi

stage build npm run build
stage "end-to-end tests (Chromium)" \
  npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json="$out/e2e.json"

# CI shows only the end of this output: repeat, briefly, what each failed stage said went wrong.
for log in "${failed_logs[@]}"; do
  echo
  echo "=== what went wrong ($log)"
  text=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  marks='Failed Tests|Failed Suites|Unhandled Errors|Startup Error|Async Leaks'
  if grep -q -E "$marks" <<<"$text"; then grep -E -A 25 "$marks" <<<"$text" | head -n 60; else head -n 40 <<<"$text"; fi
done
echo
node scripts/test-summary.mjs "$out" "${failed[@]}"
[ ${#failed[@]} -eq 0 ]
