import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['backend/vitest.config.ts', 'app/vitest.config.ts', 'supabase/vitest.config.ts'],
    // Two test files at a time. Vitest's default on a two-core machine is one (cores - 1), but
    // most files wait on the stack, its PostgreSQL and its timers more than they compute, and
    // each file makes its own databases, data folders and ports.
    maxWorkers: 2,
  },
})
