import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'app',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    passWithNoTests: true,
  },
})
