import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      'backend/vitest.config.ts',
      'backend/vitest.isolated.config.ts',
      'app/vitest.config.ts',
      'supabase/vitest.config.ts',
      'bench/vitest.config.ts',
    ],
    // Three test files at a time. Vitest's default on a two-core machine is one (cores - 1), but
    // many files wait on the stack, its PostgreSQL and its timers, and each file makes its own
    // databases, data folders and ports. Measured from a fresh clone: two files at a time, 724 s
    // for 403 files (2026-11-26 09:44); three, 702 s for 418 (13:01), the cores 97-99% busy
    // throughout, so a fourth would gain nothing.
    maxWorkers: 3,
  },
})
