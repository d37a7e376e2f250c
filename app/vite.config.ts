// Vite builds the SPA. In `vite dev` there is no app server to answer /config.json, so a small
// middleware answers it from the running local stack (`npm run backend -- status -o json`) or
// from VITE_SUPABASE_URL / VITE_SUPABASE_KEY. A build also writes the service worker, /sw.js
// (src/offline/sw.ts), with the list of the files it keeps for opening offline (public/'s web app
// manifest and icons included), the headers its pages must be served with
// (scripts/security-headers.ts: dist/security-headers.json, the CSP with their inline scripts'
// hashes), and a brotli and
// a gzip copy of each text file (scripts/precompress.ts) for the app server to send. React 19
// renders it; @vitejs/plugin-react compiles the JSX and gives `vite dev` React's fast refresh.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import type { Plugin } from 'vite'
import { precompress } from './scripts/precompress.ts'
import { inlineSprite } from './scripts/inline-sprite.ts'
import { inlineAppearance } from './scripts/inline-appearance.ts'
import { inlineKeptScreen } from './scripts/inline-kept-screen.ts'
import { securityHeaders } from './scripts/security-headers.ts'
import { lazyAuthAdmin } from './scripts/lazy-auth-admin.ts'
import { lazyAuthWebauthn } from './scripts/lazy-auth-webauthn.ts'
import { emojiFiles } from './scripts/emoji-files.ts'
import { emojiNamesModules } from './scripts/emoji-names.ts'
import { linguiCatalogs, linguiMacros } from './scripts/lingui-macros.ts'
import { parserVersion } from './scripts/parser-version.ts'
import { shellFiles } from './src/offline/shell-routes.ts'
import type { ShellManifest } from './src/offline/shell-routes.ts'

function devRuntimeConfig(): Plugin {
  return {
    name: 'chorus-dev-runtime-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/config.json', (_request, response) => {
        response.setHeader('content-type', 'application/json')
        response.setHeader('cache-control', 'no-store')
        response.end(JSON.stringify(localStackConfig()))
      })
    },
  }
}

const LINGUI_CONFIG = path.resolve(import.meta.dirname, 'lingui.config.ts')

const PUBLIC_DIR = path.resolve(import.meta.dirname, 'public')

/** Modules too big to fetch when the service worker installs, kept by it when first used: the
 * emoji picker's data (@emoji-mart/data, over 400 KB of the build) and its names in a language
 * (scripts/emoji-names.ts), and the languages' catalogs (a person needs one, fetched at boot). */
const CACHED_WHEN_USED =
  /[\\/]node_modules[\\/]@emoji-mart[\\/]data[\\/]|[\\/]src[\\/]locales[\\/]\w+\.po$|^\0virtual:emoji-names-/
const EMOJI_DATA = /[\\/]node_modules[\\/]@emoji-mart[\\/]data[\\/]/

/** Builds src/offline/sw.ts to /sw.js (a fixed address: the scope is the whole app) and writes
 * the build's shell files and their version into it. */
function offlineShell(): Plugin {
  let emitted = ''
  return {
    name: 'chorus-offline-shell',
    apply: 'build',
    buildStart() {
      emitted = this.emitFile({
        type: 'chunk',
        id: path.resolve(import.meta.dirname, 'src/offline/sw.ts'),
        fileName: 'sw.js',
      })
    },
    // After Vite's own CSS plugin, which deletes the chunks that held only CSS (their .css
    // files stay): before it, the list named three .js files the build never wrote.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sw = bundle[this.getFileName(emitted)]
        if (sw?.type !== 'chunk') throw new Error('the service worker was not built')
        if (sw.imports.length > 0)
          throw new Error(`sw.js must stand alone: ${sw.imports.join(', ')}`)
        const whenUsed = Object.values(bundle)
          .filter(
            (out) => out.type === 'chunk' && out.moduleIds.some((id) => CACHED_WHEN_USED.test(id))
          )
          .map((chunk) => chunk.fileName)
        const holds = (re: RegExp) =>
          Object.values(bundle).some(
            (out) => out.type === 'chunk' && out.moduleIds.some((id) => re.test(id))
          )
        if (!holds(EMOJI_DATA)) throw new Error('no chunk holds the emoji data any more')
        // public/ is copied as it is, outside the bundle: its manifest and icons are kept too, and
        // their content is in the version (their names never change).
        const publicFiles = readdirSync(PUBLIC_DIR, { recursive: true, encoding: 'utf8' })
          .map((f) => f.split(path.sep).join('/'))
          .filter((f) => statSync(path.join(PUBLIC_DIR, f)).isFile())
        const files = shellFiles([...Object.keys(bundle), ...publicFiles], whenUsed)
        const hash = createHash('sha256').update(files.join('\n'))
        for (const f of files.filter((f) => publicFiles.includes(f.slice(1)))) {
          hash.update(readFileSync(path.join(PUBLIC_DIR, f.slice(1))))
        }
        const version = hash.digest('hex').slice(0, 16)
        const manifest: ShellManifest = { version, files }
        const placeholder = /(["'`])SHELL_MANIFEST\1/
        if (!placeholder.test(sw.code)) throw new Error('sw.js lost its SHELL_MANIFEST placeholder')
        sw.code = sw.code.replace(placeholder, () => JSON.stringify(JSON.stringify(manifest)))
      },
    },
  }
}

function localStackConfig(): { supabaseUrl: string; supabaseKey: string } {
  const url = process.env.VITE_SUPABASE_URL
  const key = process.env.VITE_SUPABASE_KEY
  if (url && key) return { supabaseUrl: url, supabaseKey: key }
  try {
    const root = path.resolve(import.meta.dirname, '..')
    const out = execFileSync(
      'node',
      ['--import', 'tsx', 'backend/src/cli/main.ts', 'status', '-o', 'json'],
      {
        cwd: root,
        encoding: 'utf8',
      }
    )
    const status = JSON.parse(out) as Record<string, string>
    return {
      supabaseUrl: status.API_URL ?? 'http://127.0.0.1:54321',
      supabaseKey: status.PUBLISHABLE_KEY ?? status.ANON_KEY ?? '',
    }
  } catch {
    return { supabaseUrl: 'http://127.0.0.1:54321', supabaseKey: '' }
  }
}

export default defineConfig({
  // Which parser made a kept message tree (src/features/messages/markdown/kept-trees.ts).
  define: { __CHORUS_PARSER__: JSON.stringify(parserVersion()) },
  resolve: {
    // Radix's scroll lock without the inline <style> the CSP refuses (src/ui/no-scroll-bar-style.ts).
    alias: [
      {
        find: /^react-remove-scroll-bar$/,
        replacement: path.resolve(import.meta.dirname, 'src/ui/no-scroll-bar-style.ts'),
      },
    ],
  },
  plugins: [
    lazyAuthAdmin(),
    lazyAuthWebauthn(),
    linguiMacros(LINGUI_CONFIG),
    // A language's catalog (src/locales/<language>.po) is compiled when the app imports it.
    linguiCatalogs(),
    react(),
    inlineSprite(),
    inlineAppearance(),
    inlineKeptScreen(),
    devRuntimeConfig(),
    offlineShell(),
    emojiFiles(),
    // The emoji picker's names in the person's language (de, ja, ar), a lazy chunk each.
    emojiNamesModules(),
    securityHeaders(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    // Rolldown leaves a module shared by a screen and a lazy chunk in a chunk of its own, one
    // more request each: the first screen had become four scripts (React's JSX runtime, the
    // libraries, the routes), the signed-in screens five more. One chunk holds everything the
    // entry imports (not the service worker's modules: sw.js stands alone), one everything the
    // workspace shell imports (SignedInApp keeps a small chunk of its own: a dynamic import of
    // a module inside a group would need rolldown's namespace helper in the first screen); lazy
    // chunks keep only what they alone import.
    rolldownOptions: {
      // TanStack Query's "use client" lines are for React Server Components; a browser bundle
      // drops them, as it should.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return
        handler(level, log)
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'index',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]offline[\\/]/.test(id),
              priority: 2,
            },
            { name: 'signed-in', test: /[\\/]src[\\/]shell[\\/]WorkspaceShell\.tsx$/, priority: 1 },
            // The design system's form controls and their own Radix packages, one lazy chunk for
            // every screen that uses any (what they share with the menus, tooltips and dialogs
            // stays apart): else each set of users makes its own, and the first screen's preload
            // lists name them all.
            // The emoji data (@emoji-mart/data), shared by the emoji picker and the composer's
            // `:` autocomplete: a chunk of its own, kept by the service worker when first used.
            { name: 'emoji-data', test: EMOJI_DATA, priority: 0 },
            // The Realtime client's chunk (loaded once the first screen is shown) also holds what
            // a join asks for again (lib/live-catch-up.ts): the features that keep lists live
            // import it, and a chunk of its own would be one more name in every preload list.
            {
              name: 'realtime-client',
              test: /[\\/]src[\\/]lib[\\/](realtime-client|live-told|live-catch-up)\.ts$/,
              priority: 0,
            },
            {
              name: 'controls',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]ui[\\/](Select|Switch|RadioGroup|Tabs)\.tsx$|[\\/]src[\\/]ui[\\/]controls\.css$|[\\/]@radix-ui[\\/](react-(select|switch|radio-group|tabs)|number)[\\/]/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    // What the app server sends on every answer; no Content-Security-Policy: vite dev's hot
    // reload runs inline scripts (the build's pages have theirs, scripts/security-headers.ts).
    headers: {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    },
  },
})
