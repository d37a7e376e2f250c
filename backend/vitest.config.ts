import { configDefaults, defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import { fileURLToPath } from 'node:url'
import { denoTargetOf, SHIMS } from './src/functions/deno-imports.ts'

/** Test files that replace a module of the stack (vi.mock): they need the worker's modules to
 * themselves, so they run in the `backend-isolated` project (vitest.isolated.config.ts), each
 * file with modules of its own. test/own-modules.test.ts keeps this list true. */
export const OWN_MODULES = ['test/realtime/fanout.test.ts']

/** Edge functions import Deno-style (npm:, jsr:@supabase/, https://esm.sh/). Under the CLI a Node
 * resolve hook maps them (src/functions/deno-imports.ts); in tests the functions load through
 * Vite, given the same mapping here (the supabase project's tests use it too). */
export const denoSpecifiers: Plugin = {
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
}

/** The backend's tests; `isolated`: the files of OWN_MODULES, each with modules of its own. */
export function backendProject(isolated: boolean) {
  return defineConfig({
    plugins: [denoSpecifiers],
    test: {
      name: isolated ? 'backend-isolated' : 'backend',
      root: import.meta.dirname,
      include: isolated ? OWN_MODULES : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: isolated ? configDefaults.exclude : [...configDefaults.exclude, ...OWN_MODULES],
      environment: 'node',
      globalSetup: ['test/support/global-setup.ts'],
      pool: 'forks',
      // A worker's test files share its modules: the stack's module graph (Fastify, every service)
      // is evaluated once per worker instead of once per file, and a test stack after the first
      // starts in under a second instead of three or more (docs/development.md). Each file still
      // starts its own stack on a database of its own, and from its worker's first environment
      // (test/support/per-file-env.ts).
      isolate: isolated,
      setupFiles: isolated ? [] : ['test/support/per-file-env.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      teardownTimeout: 30_000,
    },
  })
}

export default backendProject(false)
