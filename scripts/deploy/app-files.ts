// The files that make app/dist a site any static host can serve for the hosted project:
// /config.json (read by the app at run time, src/lib/runtime-config.ts), and for Netlify-style
// hosts (Netlify, Cloudflare Pages) _redirects (every path that is not a file opens the app, so
// permalinks and reloads work) and _headers (hashed assets cached for a year; the pages, the
// service worker, config.json, the web app manifest and its icons revalidated, so a new build
// reaches everyone; the manifest as application/manifest+json, whatever the host's own types).
import type { DeployInputs } from './inputs.ts'

export function projectUrl(projectRef: string): string {
  return `https://${projectRef}.supabase.co`
}

export function appFiles(inputs: DeployInputs): Record<string, string> {
  const config = { supabaseUrl: projectUrl(inputs.projectRef), supabaseKey: inputs.publishableKey }
  return {
    'config.json': `${JSON.stringify(config, null, 2)}\n`,
    _redirects: '/*  /index.html  200\n',
    _headers: [
      '/assets/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '/index.html',
      '  Cache-Control: no-cache',
      '/sw.js',
      '  Cache-Control: no-cache',
      '/config.json',
      '  Cache-Control: no-cache',
      '/manifest.webmanifest',
      '  Content-Type: application/manifest+json',
      '  Cache-Control: no-cache',
      '/icons/*',
      '  Cache-Control: no-cache',
      '',
    ].join('\n'),
  }
}
