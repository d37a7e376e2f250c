// POST /csp-report on the front door: what browsers report of the app's Content-Security-Policy
// (security-headers.ts names it in report-uri; a policy an operator adds report-to to may send
// the Reporting API's batches here too). Both shapes: `application/csp-report` ({"csp-report": {...}}, report-uri) and
// `application/reports+json` ([{type: "csp-violation", body: {...}}], report-to). Each report is
// one warning in the stack's log: the directive, what was blocked and where, its URLs without
// query values (redactUrl; the logger redacts tokens besides), every field cut short. Bodies over
// 16 KB are refused (413), other types 415, and the log takes at most REPORTS_PER_MINUTE a minute
// (a page in a loop, or anyone, cannot fill it): the rest are counted and said once the minute is
// over. The answer is always 204 to a well-formed report: nothing is told back.
import type { FastifyInstance } from 'fastify'
import type { Logger } from '../logger.ts'
import { redactUrl } from '../redact.ts'
import { CSP_REPORT_PATH } from './security-headers.ts'

export const REPORT_BODY_LIMIT = 16 * 1024
export const REPORTS_PER_MINUTE = 60
const REPORT_TYPES = ['application/csp-report', 'application/reports+json']

type Fields = Record<string, unknown>

/** One line of a report: field names of both shapes (report-uri's kebab-case, report-to's camelCase). */
export function describeReport(report: Fields): string | null {
  const field = (...names: string[]) => {
    for (const name of names) {
      const value = report[name]
      if (typeof value === 'string' || typeof value === 'number') return String(value)
    }
    return ''
  }
  const directive = field('effective-directive', 'effectiveDirective', 'violated-directive')
  if (!directive) return null
  const url = (value: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? redactUrl(value) : value)
  // Control characters (a line break in a URL would forge a log line) become spaces.
  const clean = (value: string, max = 160) =>
    [...value.slice(0, max)].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('')
  const blocked = clean(url(field('blocked-uri', 'blockedURL')) || 'inline')
  const page = clean(url(field('document-uri', 'documentURL')))
  const source = clean(url(field('source-file', 'sourceFile')))
  const line = field('line-number', 'lineNumber')
  const sample = clean(field('script-sample', 'sample'), 40)
  const disposition = field('disposition') === 'report' ? ' (report only)' : ''
  return (
    `csp violation${disposition}: ${clean(directive, 60)} blocked ${blocked} on ${page}` +
    (source ? ` at ${source}${line ? `:${line}` : ''}` : '') +
    (sample ? ` sample "${sample}"` : '')
  )
}

/** The reports a body holds, in either shape. */
export function reportsOf(body: unknown): Fields[] {
  if (Array.isArray(body)) {
    return body
      .filter((r): r is { type: string; body: Fields } => {
        const item = r as { type?: unknown; body?: unknown } | null
        return item?.type === 'csp-violation' && typeof item.body === 'object' && item.body !== null
      })
      .map((r) => r.body)
  }
  const single = (body as { 'csp-report'?: unknown } | null)?.['csp-report']
  return typeof single === 'object' && single !== null ? [single as Fields] : []
}

export async function registerCspReports(app: FastifyInstance, log: Logger): Promise<void> {
  let windowStart = Date.now()
  let logged = 0
  let dropped = 0
  const take = (): boolean => {
    const now = Date.now()
    if (now - windowStart >= 60_000) {
      if (dropped > 0)
        log.warn(`csp violation: ${dropped} more reports in the last minute not logged`)
      windowStart = now
      logged = 0
      dropped = 0
    }
    if (logged >= REPORTS_PER_MINUTE) {
      dropped++
      return false
    }
    logged++
    return true
  }
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      REPORT_TYPES,
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string))
        } catch {
          const error = new Error('the report is not JSON') as Error & { statusCode: number }
          error.statusCode = 400
          done(error, undefined)
        }
      }
    )
    scope.post(CSP_REPORT_PATH, { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
      if (!REPORT_TYPES.includes(type ?? '')) {
        return reply.code(415).send({ message: `Unsupported Media Type: ${type || 'none'}` })
      }
      for (const report of reportsOf(request.body).slice(0, 20)) {
        const line = describeReport(report)
        if (line && take()) log.warn(line)
      }
      return reply.code(204).send()
    })
  })
}
