import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['backend/vitest.config.ts', 'app/vitest.config.ts', 'supabase/vitest.config.ts'],
    // Three test files at a time. Vitest's default on a two-core machine is one (cores - 1), but
    // most files wait on the stack, its PostgreSQL and its timers more than they compute, and
    // each file makes its own databases, data folders and ports. Two kept the cores half idle
    // (the unit tests took 12 of the suite's 31 minutes); the suite has passed under far more
    // contention than a third file (a CPU hog beside it, load 9-11).
    maxWorkers: 3,
  },
})
