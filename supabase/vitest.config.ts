import { defineConfig } from 'vitest/config'
import { denoSpecifiers } from '../backend/vitest.config.ts'

// Chorus's database tests: the RLS matrix (SQL, REST, Realtime, Storage) and the RPCs, against
// the real stack on the shared embedded cluster that the backend's global setup starts.
export default defineConfig({
  plugins: [denoSpecifiers],
  test: {
    name: 'supabase',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // A worker's test files share its modules: the stack's module graph (Fastify, every service)
    // is evaluated once per worker instead of once per file (docs/development.md). Each file
    // still starts its own stack on a database of its own, and from its worker's first
    // environment (backend/test/support/per-file-env.ts).
    isolate: false,
    setupFiles: ['../backend/test/support/per-file-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    env: {
      // Realtime's tenant-wide message rate (100 a second, as the CLI's) counts every broadcast
      // the database sends: building a suite's world is a burst of them, and a live test run
      // within the next seconds had its channel closed ("Too many messages per second"). The
      // limit itself is tested in backend/test/realtime/limits.test.ts.
      TENANT_MAX_EVENTS_PER_SECOND: process.env.TENANT_MAX_EVENTS_PER_SECOND ?? '100000',
    },
  },
})
