#!/usr/bin/env bash
# npm test: unit tests, the integration suite on embedded PGlite and on PostgreSQL
# (127.0.0.1:5432; a throwaway database per test file), then, on a fresh production build,
# several real server processes on one PostgreSQL database (tests/instances) and end-to-end
# tests in Chromium.
#   npm test               everything
#   npm test -- unit | integration | instances | e2e    one tier
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
if [[ "$tier" == all || "$tier" == instances || "$tier" == e2e ]]; then
  npx --no-install next build
fi
if [[ "$tier" == all || "$tier" == instances ]]; then
  npx --no-install vitest run --project instances
fi
if [[ "$tier" == all || "$tier" == e2e ]]; then
  npx --no-install playwright test
fi
