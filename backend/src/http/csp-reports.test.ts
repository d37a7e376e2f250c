// POST /csp-report: both report formats logged one line each, without a URL's query values,
// bounded in size and in how much reaches the log.
import Fastify from 'fastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Logger } from '../logger.ts'
import { REPORT_BODY_LIMIT, REPORTS_PER_MINUTE, registerCspReports } from './csp-reports.ts'

function recordingLogger(lines: string[]): Logger {
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (message) => lines.push(message),
    error: (message) => lines.push(`ERROR ${message}`),
    child: () => logger,
  }
  return logger
}

async function server(lines: string[]) {
  const app = Fastify({ logger: false })
  await registerCspReports(app, recordingLogger(lines))
  return app
}

const LEGACY = {
  'csp-report': {
    'document-uri': 'http://localhost:3000/w/1/c/2?token=secret-value',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'source-file': 'http://localhost:3000/assets/index-abc.js',
    'status-code': 200,
    'script-sample': 'window.__injected = true',
  },
}

const REPORTING_API = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'http://localhost:3000/sign-in',
    user_agent: 'Chromium',
    body: {
      documentURL: 'http://localhost:3000/sign-in',
      effectiveDirective: 'img-src',
      blockedURL: 'https://pictures.example/probe.png?sig=abc',
      disposition: 'enforce',
      originalPolicy: "default-src 'self'",
      statusCode: 200,
    },
  },
  { type: 'deprecation', age: 1, url: 'http://localhost:3000/', body: { id: 'x' } },
]

describe('POST /csp-report', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('logs a report-uri report (application/csp-report), its URLs without query values', async () => {
    const lines: string[] = []
    const app = await server(lines)
    const answer = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(LEGACY),
    })
    expect(answer.statusCode).toBe(204)
    expect(lines).toEqual([
      'csp violation: script-src-elem blocked inline on http://localhost:3000/w/1/c/2?token=[REDACTED] at http://localhost:3000/assets/index-abc.js:12 sample "window.__injected = true"',
    ])
    expect(lines.join('\n')).not.toContain('secret-value')
  })

  it('logs the CSP reports of a Reporting API batch (application/reports+json), nothing else', async () => {
    const lines: string[] = []
    const app = await server(lines)
    const answer = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify(REPORTING_API),
    })
    expect(answer.statusCode).toBe(204)
    expect(lines).toEqual([
      'csp violation: img-src blocked https://pictures.example/probe.png?sig=[REDACTED] on http://localhost:3000/sign-in',
    ])
  })

  it('refuses other types, bodies that are not JSON and bodies over the limit, logging nothing', async () => {
    const lines: string[] = []
    const app = await server(lines)
    const post = (type: string, payload: string) =>
      app.inject({ method: 'POST', url: '/csp-report', headers: { 'content-type': type }, payload })
    expect((await post('text/plain', JSON.stringify(LEGACY))).statusCode).toBe(415)
    expect((await post('application/csp-report', '{"csp-report":')).statusCode).toBe(400)
    const big = JSON.stringify({
      'csp-report': { ...LEGACY['csp-report'], 'script-sample': 'x'.repeat(REPORT_BODY_LIMIT) },
    })
    expect((await post('application/csp-report', big)).statusCode).toBe(413)
    // Well-formed JSON that is no report: accepted, nothing logged.
    expect((await post('application/csp-report', '{"x":1}')).statusCode).toBe(204)
    expect(
      (await post('application/reports+json', '[1,null,{"type":"csp-violation"}]')).statusCode
    ).toBe(204)
    expect(lines).toEqual([])
  })

  describe('a flood', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] })
    })

    it('logs at most REPORTS_PER_MINUTE reports a minute, then says how many it left out', async () => {
      const lines: string[] = []
      const app = await server(lines)
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/csp-report',
          headers: { 'content-type': 'application/csp-report' },
          payload: JSON.stringify(LEGACY),
        })
      for (let i = 0; i < REPORTS_PER_MINUTE + 5; i++) expect((await send()).statusCode).toBe(204)
      expect(lines).toHaveLength(REPORTS_PER_MINUTE)
      vi.setSystemTime(Date.now() + 61_000)
      await send()
      expect(lines.slice(REPORTS_PER_MINUTE)).toEqual([
        'csp violation: 5 more reports in the last minute not logged',
        expect.stringMatching(/^csp violation: script-src-elem blocked inline/),
      ])
    })
  })
})
