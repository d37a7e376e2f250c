// Vite builds the SPA. In `vite dev` there is no app server to answer /config.json, so a small
// middleware answers it from the running local stack (`npm run backend -- status -o json`) or
// from VITE_SUPABASE_URL / VITE_SUPABASE_KEY.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { defineConfig } from 'vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'

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
  plugins: [react(), devRuntimeConfig()],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
  },
  server: { port: 5173, host: '127.0.0.1' },
})
