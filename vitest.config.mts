import path from "node:path";
import { defineConfig } from "vitest/config";

// Three tiers: pure unit tests, and the integration suite run once against embedded PGlite and
// once against the PostgreSQL server (each test file on its own copy of a database migrated
// once per run: tests/support/migrated-template.ts);
// plus `instances`, several real server processes on one database (after a build).
const alias = {
  "@": path.resolve(__dirname),
  // `server-only` throws outside React server bundles; in tests the code runs in plain Node.
  "server-only": path.resolve(__dirname, "tests/support/empty-module.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration-pglite",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          env: { TEST_DATABASE: "pglite" },
          // Two files at a time (Vitest's default on 2 cores is one): most of an integration
          // file's time is spent waiting on a database, a server or a stream, so two overlap
          // well (npm test's integration tier: 580 s → 390 s, on both databases).
          maxWorkers: 2,
          globalSetup: ["tests/support/migrated-template.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          // A poll waits for the server under test, which a loaded 2-core machine slows: the
          // 1 s default turned a request still on its way into a failure.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Real `next start` processes from the production build: scripts/test.sh runs it
        // after `next build`.
        resolve: { alias },
        test: {
          name: "instances",
          include: ["tests/instances/**/*.test.ts"],
          environment: "node",
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/embedded-*.test.ts"],
          environment: "node",
          env: { TEST_DATABASE: "postgres" },
          maxWorkers: 2,
          globalSetup: ["tests/support/migrated-template.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          // A poll waits for the server under test, which a loaded 2-core machine slows: the
          // 1 s default turned a request still on its way into a failure.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
