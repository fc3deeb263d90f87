/**
 * How tests run `npm start`'s server from its sources: through tsx, with PGlite's WebAssembly
 * on V8's baseline compiler. `npm start` lets V8 optimise it, which pays off on a server that
 * runs for long; a server that lives for one test file would spend more time compiling than
 * its queries gain.
 */
export const START_FROM_SOURCES = ['--liftoff-only', '--import', 'tsx', 'server/start.ts'];
