import { defineConfig } from 'vitest/config'

// The benches' pure parts (no stack): e.g. bench:team's action mix (team/mix.test.ts).
export default defineConfig({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
  },
})
