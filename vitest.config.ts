import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['backend/vitest.config.ts', 'app/vitest.config.ts', 'supabase/vitest.config.ts'],
  },
})
