// Constants the build (vite.config.ts) and the tests (vitest.config.ts) define.

/** The markdown parser's version: scripts/parser-version.ts. */
declare const __CHORUS_PARSER__: string
