import { defineConfig } from 'vitest/config'
import { reactOnPreact, usesReact } from './react-runtime.ts'

// The tests run the components on the runtime the build ships (react-runtime.ts).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [
      // Its ES module build, which imports React's entry points (the CommonJS one requires them,
      // past the aliases).
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
      ...reactOnPreact,
    ],
  },
  test: {
    name: 'app',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    passWithNoTests: true,
    server: { deps: { inline: usesReact } },
  },
})
