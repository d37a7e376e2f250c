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
    // Each file with modules of its own (Vitest's default), unlike the backend's and the app's
    // files: with them shared, notifications-email-retries.test.ts saw a send it did not make
    // after other files' stacks in the same worker (CI run of 2026-11-28, not understood yet).
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
