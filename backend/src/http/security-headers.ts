// The security headers of the stack's answers (issue 69): every answer of the API (REST, Auth,
// Storage, Functions, Realtime's HTTP API) and of the app server says nosniff and
// strict-origin-when-cross-origin, and HSTS when the public URL is https (`serve` behind TLS);
// the app's pages add what the build wrote beside them (app/scripts/security-headers.ts:
// dist/security-headers.json, its Content-Security-Policy with the pages' inline scripts and
// styles by hash), with the API's origin the app's /config.json names, and where browsers send
// what the policy refused (report-uri): POST /csp-report on the front door, logged (csp-reports.ts).
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** On every answer of the API and the app. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

/** HSTS for a public URL served over https (a year; the operator's other hosts left alone). */
export function transportHeaders(publicUrl: string): Record<string, string> {
  return publicUrl.startsWith('https://') ? { 'strict-transport-security': 'max-age=31536000' } : {}
}

/** Where the front door takes the browsers' reports of what a policy refused. */
export const CSP_REPORT_PATH = '/csp-report'

export const SECURITY_HEADERS_FILE = 'security-headers.json'

/** Pages of a build that wrote no policy: at least never framed. */
const WITHOUT_POLICY: Record<string, string> = {
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
}

export interface PageHeaderOptions {
  /** The Supabase URL the app is told (its /config.json). */
  apiUrl: string
  /** Where reports go (absolute), or none. */
  reportUrl?: string
}

/** The policy's `{api}` and `{realtime}` put in: the API's origin, and its ws(s) twin. */
export function fillPolicy(template: string, apiUrl: string): string {
  const api = new URL(apiUrl)
  const realtime = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`
  return template.replaceAll('{api}', api.origin).replaceAll('{realtime}', realtime)
}

/** The headers of the build's pages (index.html, unsubscribe.html, every app route). */
export function pageHeadersOf(
  build: Record<string, string> | null,
  options: PageHeaderOptions
): Record<string, string> {
  if (!build) return { ...WITHOUT_POLICY }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(build)) headers[name.toLowerCase()] = value
  const template = headers['content-security-policy']
  if (template !== undefined) {
    let policy = fillPolicy(template, options.apiUrl)
    // report-uri only: every browser sends it at once, while one that knows report-to ignores
    // report-uri beside it and sends its Reporting API batches later (Chromium: after up to a
    // minute, none with its background networking off). The route takes both formats.
    if (options.reportUrl) policy += `; report-uri ${options.reportUrl}`
    headers['content-security-policy'] = policy
  }
  return headers
}

/**
 * The build's page headers, read again when the file changes (a rebuild while the stack runs is
 * served at once, as its files are); null when the build wrote none.
 */
export function buildPageHeaders(distDir: string): () => Record<string, string> | null {
  const file = path.join(distDir, SECURITY_HEADERS_FILE)
  let seen = -1
  let headers: Record<string, string> | null = null
  return () => {
    let mtime: number
    try {
      mtime = statSync(file).mtimeMs
    } catch {
      seen = -1
      return null
    }
    if (mtime !== seen) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { page?: Record<string, string> }
      headers = parsed.page ?? null
      seen = mtime
    }
    return headers
  }
}
