// The static host's headers for the hosted project (Netlify and Cloudflare Pages read `_headers`):
// the cache rules (hashed assets a year, immutable; the pages, the service worker, config.json,
// the manifest and its icons revalidated; the manifest's type) and, on every path, the security
// headers the build wrote (app/scripts/security-headers.ts: dist/security-headers.json), the
// policy's `{api}` and `{realtime}` the project's origin over https and wss. Every path, because
// a host answers a route such as /w/<id>/c/<id> with index.html (`_redirects`) under the route's
// own rules; the policy governs only pages and workers, so on files it is inert. Without a
// report endpoint on the project the policy has no report-uri (docs/hosted.md says how to add
// one). Run by the deploy after the build (plan.ts):
//   node --import tsx scripts/deploy/site-headers.ts <app dist> <project URL>
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const SECURITY_HEADERS_FILE = 'security-headers.json'

/** The headers of every path but the security ones. */
const CACHE_RULES = [
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
]

/** Header names as hosts print them (Content-Security-Policy). */
const shown = (name: string) =>
  name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('-')

/** The build's page headers with the project's origins put in, as name: value pairs. */
export function pageHeadersFor(
  build: { page: Record<string, string> },
  projectUrl: string
): [string, string][] {
  const api = new URL(projectUrl)
  const realtime = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`
  return Object.entries(build.page).map(([name, value]) => [
    shown(name.toLowerCase()),
    value.replaceAll('{api}', api.origin).replaceAll('{realtime}', realtime),
  ])
}

/** `_headers` for the build in `appDist`, talking to the project at `projectUrl`. */
export function siteHeaders(appDist: string, projectUrl: string): string {
  const file = path.join(appDist, SECURITY_HEADERS_FILE)
  let build: { page: Record<string, string> }
  try {
    build = JSON.parse(readFileSync(file, 'utf8')) as { page: Record<string, string> }
  } catch (error) {
    throw new Error(
      `${file} cannot be read (${(error as Error).message}): build the app (npm run build -w app)`,
      { cause: error }
    )
  }
  const security = pageHeadersFor(build, projectUrl).map(([name, value]) => `  ${name}: ${value}`)
  return [...CACHE_RULES, '/*', ...security, ''].join('\n')
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [appDist, projectUrl] = process.argv.slice(2)
  if (!appDist || !projectUrl) {
    process.stderr.write('usage: site-headers.ts <app dist> <project URL>\n')
    process.exit(2)
  }
  try {
    writeFileSync(path.join(appDist, '_headers'), siteHeaders(appDist, projectUrl))
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exit(1)
  }
}
