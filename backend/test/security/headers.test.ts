// The security headers of every answer (issue 69), as a browser gets them: `serve` behind an
// https public URL (the app and every API on one origin, HSTS) and the development stack of
// `npm start` (REST's direct path, no HSTS). The app's pages carry the policy the build wrote
// (dist/security-headers.json, here a stand-in with the build's placeholders) naming the public
// origin; the API's answers (REST, Auth, Storage, Functions, Realtime's HTTP API) nosniff and the
// referrer policy; Storage's files nosniff and a sandbox policy, an SVG included; the front door
// takes the browsers' reports.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import ws from 'ws'
import { startServeTest } from '../support/serve.ts'
import { startTestStack } from '../support/stack.ts'
import { useTestStack } from '../support/use-stack.ts'
import { temporaryFolders } from '../support/temp-folders.ts'

const folders = temporaryFolders()

const PUBLIC = 'https://chat.example.com'
const NOSNIFF = 'nosniff'
const REFERRER = 'strict-origin-when-cross-origin'
const HSTS = 'max-age=31536000'
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

async function builtApp(): Promise<string> {
  const dist = await folders.make('headers-dist-')
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Chorus</title>')
  await writeFile(
    path.join(dist, 'security-headers.json'),
    JSON.stringify({
      page: {
        'content-security-policy':
          "default-src 'self'; script-src 'self' 'sha256-x='; img-src 'self' {api} blob: data:; connect-src 'self' {api} {realtime}; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'permissions-policy': 'camera=(), publickey-credentials-get=(self)',
      },
    })
  )
  return dist
}

function expectApiHeaders(response: Response, what: string, hsts: boolean) {
  expect(response.headers.get('x-content-type-options'), what).toBe(NOSNIFF)
  expect(response.headers.get('referrer-policy'), what).toBe(REFERRER)
  expect(response.headers.get('strict-transport-security'), what).toBe(hsts ? HSTS : null)
}

describe('serve behind https', () => {
  const t = useTestStack(async () =>
    startServeTest({ publicUrl: PUBLIC, args: { appDist: await builtApp() } })
  )
  const url = (p: string) => `${t.stack.url}${p}`
  const keys = () => t.stack.stack.keys
  const key = () => ({ apikey: keys().publishableKey })

  it('gives the pages the policy naming the public origin, HSTS, no framing, and where to report', async () => {
    for (const p of ['/', '/w/1/c/general']) {
      for (const method of ['GET', 'HEAD']) {
        const page = await fetch(url(p), { method, headers: { 'accept-encoding': 'br, gzip' } })
        expect(page.status).toBe(200)
        expect(page.headers.get('content-security-policy')).toBe(
          "default-src 'self'; script-src 'self' 'sha256-x='; img-src 'self' https://chat.example.com blob: data:; connect-src 'self' https://chat.example.com wss://chat.example.com; frame-ancestors 'none'; report-uri https://chat.example.com/csp-report"
        )
        expect(page.headers.get('x-frame-options')).toBe('DENY')
        expect(page.headers.get('permissions-policy')).toContain('camera=()')
        expectApiHeaders(page, `${method} ${p}`, true)
      }
    }
    const config = await fetch(url('/config.json'))
    expectApiHeaders(config, '/config.json', true)
    expect(config.headers.get('content-security-policy')).toBeNull()
  })

  it('answers every API with nosniff, the referrer policy and HSTS, refusals too', async () => {
    const answers: [string, Response][] = [
      ['REST', await fetch(url('/rest/v1/'), { headers: key() })],
      ['REST refused', await fetch(url('/rest/v1/nothing'))],
      ['Auth', await fetch(url('/auth/v1/settings'), { headers: key() })],
      ['Storage', await fetch(url('/storage/v1/bucket'), { headers: key() })],
      ['Functions', await fetch(url('/functions/v1/nothing-here'), { headers: key() })],
      [
        'Realtime',
        await fetch(url('/realtime/v1/api/broadcast'), {
          method: 'POST',
          headers: { ...key(), 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [] }),
        }),
      ],
      ['no route', await fetch(url('/graphql/v1'), { headers: key() })],
    ]
    for (const [what, response] of answers) expectApiHeaders(response, what, true)
    expect(answers[0]![1].status).toBe(200)
    expect(answers[1]![1].status).toBe(401)
  })

  it("serves Storage's files, an SVG too, with nosniff and a sandbox policy: public, signed and downloaded", async () => {
    const admin = createClient(t.stack.url, keys().secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    })
    expect((await admin.storage.createBucket('pictures', { public: true })).error).toBeNull()
    const upload = await admin.storage
      .from('pictures')
      .upload('x.svg', new Blob([SVG], { type: 'image/svg+xml' }), { contentType: 'image/svg+xml' })
    expect(upload.error).toBeNull()
    const signed = await admin.storage.from('pictures').createSignedUrl('x.svg', 60)
    expect(signed.error).toBeNull()
    const files: [string, string][] = [
      ['public', '/storage/v1/object/public/pictures/x.svg'],
      ['download', '/storage/v1/object/public/pictures/x.svg?download=x.svg'],
      ['signed', new URL(signed.data!.signedUrl).pathname + new URL(signed.data!.signedUrl).search],
    ]
    for (const [what, p] of files) {
      for (const method of ['GET', 'HEAD']) {
        const file = await fetch(url(p), { method })
        expect(file.status, what).toBe(200)
        expect(file.headers.get('content-type'), what).toBe('image/svg+xml')
        expect(file.headers.get('content-security-policy'), what).toBe(SANDBOX)
        expectApiHeaders(file, `${method} ${what}`, true)
      }
    }
    expect((await fetch(url(files[1]![1]))).headers.get('content-disposition')).toMatch(
      /^attachment; filename=x\.svg/
    )
    // Through the project key as supabase-js downloads.
    const downloaded = await admin.storage.from('pictures').download('x.svg')
    expect(await downloaded.data!.text()).toBe(SVG)
    const direct = await fetch(url('/storage/v1/object/pictures/x.svg'), {
      headers: { apikey: keys().secretKey, authorization: `Bearer ${keys().secretKey}` },
    })
    expect(direct.headers.get('content-security-policy')).toBe(SANDBOX)
    expectApiHeaders(direct, 'authenticated download', true)
  })

  it('takes the reports a browser sends, without a key, and refuses what is not one', async () => {
    const report = {
      'csp-report': {
        'document-uri': `${PUBLIC}/sign-in`,
        'effective-directive': 'img-src',
        'blocked-uri': 'https://pictures.example/x.png',
      },
    }
    const post = (type: string, body: string) =>
      fetch(url('/csp-report'), { method: 'POST', headers: { 'content-type': type }, body })
    expect((await post('application/csp-report', JSON.stringify(report))).status).toBe(204)
    const batch = [{ type: 'csp-violation', body: { effectiveDirective: 'img-src' } }]
    expect((await post('application/reports+json', JSON.stringify(batch))).status).toBe(204)
    expect((await post('text/html', '<p>')).status).toBe(415)
    expect((await post('application/csp-report', 'x'.repeat(20_000))).status).toBe(413)
    // The Reporting API's preflight from the page's origin.
    const preflight = await fetch(url('/csp-report'), {
      method: 'OPTIONS',
      headers: {
        origin: PUBLIC,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PUBLIC)
  })
})

describe("npm start's stack: REST's direct path too, no HSTS over http", () => {
  const t = useTestStack(() => startTestStack())

  it('answers REST (its direct path), Auth and Storage with nosniff and the referrer policy', async () => {
    const key = { apikey: t.stack.anonKey }
    const rest = await fetch(`${t.stack.url}/rest/v1/`, { headers: key })
    expect(rest.status).toBe(200)
    expectApiHeaders(rest, 'REST', false)
    const missing = await fetch(`${t.stack.url}/rest/v1/nothing`, { headers: key })
    expect(missing.status).toBe(404)
    expectApiHeaders(missing, 'REST 404', false)
    expectApiHeaders(
      await fetch(`${t.stack.url}/auth/v1/settings`, { headers: key }),
      'Auth',
      false
    )
    expectApiHeaders(
      await fetch(`${t.stack.url}/storage/v1/object/public/none/x.png`),
      'Storage',
      false
    )
  })
})
