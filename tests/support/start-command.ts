/**
 * How tests run `npm start`'s server from its sources: through tsx, with the V8 flag
 * `npm start` gives PGlite's WebAssembly (see `npmStartServerCommand` in
 * scripts/build-server.ts). Optimising PostgreSQL's code would cost a server that lives
 * for one test file more time than its queries gain.
 */
export const START_FROM_SOURCES = ['--liftoff-only', '--import', 'tsx', 'server/start.ts'];
