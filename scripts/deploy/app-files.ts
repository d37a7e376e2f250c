// The files that make app/dist a site any static host can serve for the hosted project:
// /config.json (read by the app at run time, src/lib/runtime-config.ts), and for Netlify-style
// hosts (Netlify, Cloudflare Pages) _redirects (every path that is not a file opens the app, so
// permalinks and reloads work). Their _headers (cache rules, the manifest's type, the security
// headers with the build's Content-Security-Policy) depend on the build: site-headers.ts writes
// it after the build.
import type { DeployInputs } from './inputs.ts'

export function projectUrl(projectRef: string): string {
  return `https://${projectRef}.supabase.co`
}

export function appFiles(inputs: DeployInputs): Record<string, string> {
  const config = { supabaseUrl: projectUrl(inputs.projectRef), supabaseKey: inputs.publishableKey }
  return {
    'config.json': `${JSON.stringify(config, null, 2)}\n`,
    _redirects: '/*  /index.html  200\n',
  }
}
