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
stage() { # stage NAME COMMAND...
  local name=$1; shift
  echo
  echo "=== $name"
  if ! "$@"; then failed+=("$name"); fi
}

stage typecheck npx tsc -p tsconfig.json --noEmit
stage lint npx eslint . --max-warnings 0
stage format npx prettier --check . --log-level warn
stage statecharts npx tsx scripts/statecharts.ts --check
stage "unit, machine and API tests (PGlite)" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$out/unit.json"

pg_url=${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}
if node scripts/pg-reachable.mjs "$pg_url"; then
  stage "API tests (PostgreSQL at $pg_url)" env TEST_DATABASE_URL="$pg_url" \
    npx vitest run tests/server --reporter=default --reporter=json --outputFile.json="$out/postgres.json"
elif [ "${CI:-}" = true ]; then
  echo "PostgreSQL at $pg_url is not reachable, and CI must exercise it."
  failed+=("postgres")
else
  echo "PostgreSQL at $pg_url is not reachable: API tests ran on PGlite only."
fi

stage build npm run build
stage "end-to-end tests (Chromium)" \
  npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json="$out/e2e.json"

echo
node scripts/test-summary.mjs "$out" "${failed[@]}"
[ ${#failed[@]} -eq 0 ]
