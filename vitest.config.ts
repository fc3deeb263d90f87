import { defineConfig } from 'vitest/config';

/**
 * One run, several projects: unit and machine tests, the revenue properties in
 * several time zones, the server suite on both databases, the contract tester
 * against the server process, and the browser tests against the real stack.
 */
const timeZones = ['UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/src/**/*.test.{ts,tsx}', 'tests/scripts/**/*.test.ts', 'tests/build/**/*.test.ts'],
          // The domain's tests run in the time-zone projects below.
          exclude: ['tests/src/domain/**'],
          environment: 'node',
          env: { TZ: 'UTC' },
        },
      },
      ...timeZones.map((zone) => ({
        test: {
          name: `domain ${zone}`,
          include: ['tests/src/domain/**/*.test.ts'],
          environment: 'node',
          env: { TZ: zone },
          // Pure functions with no module state: one process per zone runs every file, instead of
          // a process per file each importing @fast-check/vitest anew (the slowest part of these files).
          isolate: false,
        },
      })),
      {
        test: {
          name: 'server pglite',
          include: ['tests/server/**/*.test.ts'],
          // A fault of one database is proven on that database alone.
          exclude: ['tests/server/fault-postgres-*.test.ts'],
          environment: 'node',
          env: { CRM_TEST_DATABASE: 'pglite' },
          // PGlite's WebAssembly on V8's baseline compiler: optimising PostgreSQL's code costs a
          // test file's short-lived servers more than their queries gain.
          execArgv: ['--liftoff-only'],
          globalSetup: ['tests/support/seeded-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server postgres',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/fault-pglite-*.test.ts'],
          environment: 'node',
          env: { CRM_TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/support/postgres-cluster.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Schemathesis against the real server process (tests/support/schemathesis.ts installs it).
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // `npm test` runs this project in a vitest run of its own, alongside the others (scripts/test.ts).
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/stack.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for what a person waits for (a save's answer, a list's reload), as long as
          // Playwright's own waits do: vitest's default of one second is shorter than a save can take on a busy machine.
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        test: {
          // A real Keycloak 26 (tests/support/keycloak-server.ts) and a CRM signing in with it. `npm test` runs
          // it with the browser tests, whose stack it reuses, while every other project runs in the other half.
          name: 'keycloak',
          include: ['tests/keycloak/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/keycloak-stack.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
