import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { linguiCatalogs, linguiMacros } from './scripts/lingui-macros.ts'
import { parserVersion } from './scripts/parser-version.ts'
import { emojiNamesModules } from './scripts/emoji-names.ts'

const LINGUI_CONFIG = path.resolve(import.meta.dirname, 'lingui.config.ts')

// The tests render the components with React 19, as the build does, each render inside
// <StrictMode> (test/setup.ts): effects run, are cleaned up and run again, as in `vite dev`.
export default defineConfig({
  // The messages are compiled as in the build (scripts/lingui-macros.ts).
  plugins: [linguiMacros(LINGUI_CONFIG), linguiCatalogs(), emojiNamesModules()],
  define: { __CHORUS_PARSER__: JSON.stringify(parserVersion()) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    name: 'app',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    passWithNoTests: true,
    // Room for findBy*'s 5 s (test/setup.ts) inside a test of several steps.
    testTimeout: 15_000,
    // A worker's test files share its jsdom page (made once per worker, not once per file: the
    // project took 151 s alone, 35 s so); test/setup.ts gives each file a new page's state.
    isolate: false,
  },
})
