import { defineConfig } from 'vitest/config'

// The tests render the components with React 19, as the build does, each render inside
// <StrictMode> (test/setup.ts): effects run, are cleaned up and run again, as in `vite dev`.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    name: 'app',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    passWithNoTests: true,
  },
})
