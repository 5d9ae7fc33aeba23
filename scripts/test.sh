#!/usr/bin/env bash
# npm test: unit tests, the integration suite on embedded PGlite and on PostgreSQL
# (127.0.0.1:5432; a throwaway database per test file), then end-to-end tests in Chromium
# against a fresh production build.
#   npm test               everything
#   npm test -- unit | integration | e2e    one tier
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
tier="${1:-all}"

[ -f lib/generated/prisma/client.ts ] || node scripts/prisma-generate.mjs

if [[ "$tier" == all || "$tier" == unit ]]; then
  npx --no-install vitest run --project unit
fi
if [[ "$tier" == all || "$tier" == integration ]]; then
  npx --no-install vitest run --project integration-pglite --project integration-postgres
fi
if [[ "$tier" == all || "$tier" == e2e ]]; then
  npx --no-install next build
  npx --no-install playwright test
fi
