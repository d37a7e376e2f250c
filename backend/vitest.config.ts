import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'
import { denoTargetOf, SHIMS } from './src/functions/deno-imports.ts'

export default defineConfig({
  plugins: [
    {
      // Edge functions import Deno-style (npm:, jsr:@supabase/, https://esm.sh/). Under the CLI a
      // Node resolve hook maps them (src/functions/deno-imports.ts); in tests the functions load
      // through Vite, which is given the same mapping here.
      name: 'deno-specifiers',
      enforce: 'pre',
      resolveId(source) {
        // A function loaded anew after an edit carries ?v=<mtime>; keep the id ending in .ts so
        // that Vite still compiles it as TypeScript.
        const versioned = /^(file:\/\/.*\.[cm]?[jt]s)\?(v=[\d.]+)$/.exec(source)
        if (versioned) return `${fileURLToPath(versioned[1]!)}?${versioned[2]}&lang.ts`
        const target = denoTargetOf(source, SHIMS)
        if (target === null) return null
        if ('shim' in target) return fileURLToPath(target.shim)
        return this.resolve(target.package, undefined, { skipSelf: true })
      },
    },
  ],
  test: {
    name: 'backend',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
})
