import { defineConfig } from 'vitest/config'

// Chorus's database tests: the RLS matrix (SQL, REST, Realtime, Storage) and the RPCs, against
// the real stack on the shared embedded cluster that the backend's global setup starts.
export default defineConfig({
  test: {
    name: 'supabase',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../backend/test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
