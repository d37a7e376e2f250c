// The outbound request guard (functions/_shared/safe-fetch.ts) against a real HTTP server on
// 127.0.0.1: every refused address class and spelling, names resolving to loopback, redirects
// checked at every hop and limited, the deadline, the size cap (declared, streamed, lying,
// compressed), credentials and schemes, and the loopback test setting's conditions. Here the
// guard runs in this process (its environment is process.env); safe-fetch-mode.test.ts runs it
// inside Edge Functions of a local stack and of production mode.
import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { classifyAddress } from '../functions/_shared/address-ranges.ts'
import { loopbackAllowed, OutboundError, safeFetch } from '../functions/_shared/safe-fetch.ts'
import type { OutboundOptions } from '../functions/_shared/safe-fetch.ts'
import { startOutboundServer } from './support/outbound-server.ts'
import type { OutboundServer } from './support/outbound-server.ts'

let site: OutboundServer

const SETTING = {
  CHORUS_OUTBOUND_ALLOW_LOOPBACK: '1',
  CHORUS_STACK_MODE: 'start',
  SUPABASE_URL: 'http://127.0.0.1:54321',
}
const saved = Object.fromEntries(Object.keys(SETTING).map((name) => [name, process.env[name]]))

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
}

/** The OutboundError a call ends with (fails the test if it succeeds). */
async function refusal(url: string, options?: OutboundOptions): Promise<OutboundError> {
  try {
    await safeFetch(url, options)
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError)
    return error as OutboundError
  }
  throw new Error(`${url} was fetched`)
}

const text = (body: Uint8Array) => new TextDecoder().decode(body)

beforeAll(async () => {
  site = await startOutboundServer()
  site.route('/page', (_q, r) => r.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>hi'))
  for (let n = 1; n <= 4; n++) {
    site.route(`/hops/${n}`, (_q, r) =>
      r.writeHead(302, { Location: n === 1 ? '/page' : `/hops/${n - 1}` }).end()
    )
  }
  const redirectTo =
    (location: string, status = 302) =>
    (_q: unknown, r: ServerResponse) =>
      r.writeHead(status, { Location: location }).end()
  site.route('/to-private', redirectTo('http://10.0.0.1/admin'))
  site.route('/to-metadata', redirectTo('http://169.254.169.254/latest/meta-data/'))
  site.route('/to-mapped', redirectTo('http://[::ffff:192.168.0.1]/'))
  site.route('/to-file', redirectTo('file:///etc/passwd'))
  site.route('/to-echo-303', redirectTo('/echo', 303))
  site.route('/to-echo-307', redirectTo('/echo', 307))
  site.route('/to-other-origin', redirectTo(`http://localhost:${site.port}/echo`))
  site.route('/echo', (q, r, body) =>
    r
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ method: q.method, body, headers: q.headers }))
  )
  site.route('/never', () => undefined)
  site.route('/drip', (_q, r) => {
    r.writeHead(200, { 'Content-Type': 'text/html' })
    r.write('<html>')
  })
  site.route('/declared-huge', (_q, r) =>
    r.writeHead(200, { 'Content-Length': String(5 * 1024 * 1024) }).write('x'.repeat(1024))
  )
  site.route('/streamed-huge', (_q, r) => {
    r.writeHead(200, { 'Content-Type': 'text/html' })
    const chunk = 'y'.repeat(64 * 1024)
    const more = () => {
      while (!r.destroyed && r.write(chunk));
      if (!r.destroyed) r.once('drain', more)
    }
    more()
  })
  site.route('/lying-short', (_q, r) => {
    // says 10 bytes, sends 2 MiB
    r.socket?.end(`HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n${'z'.repeat(2 * 1024 * 1024)}`)
  })
  site.route('/lying-long', (_q, r) => {
    // says 100 bytes, sends 10 and closes
    r.socket?.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789')
  })
  site.route('/gzip-bomb', (_q, r) =>
    r
      .writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Type': 'text/html' })
      .end(gzipSync(Buffer.alloc(20 * 1024 * 1024)))
  )
  site.route('/gzip-page', (_q, r) =>
    r
      .writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Type': 'text/html' })
      .end(gzipSync('<title>zipped</title>'))
  )
  site.route('/image', (_q, r) =>
    r.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(4096))
  )
})

afterAll(async () => {
  setEnv(saved)
  await site?.close()
})

describe('with the loopback test setting off', () => {
  beforeEach(() => setEnv({ ...SETTING, CHORUS_OUTBOUND_ALLOW_LOOPBACK: undefined }))

  it('refuses every non-public IPv4 class before connecting', async () => {
    const addresses = [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '192.88.99.1',
    ]
    for (const address of addresses) {
      const error = await refusal(`http://${address}:${site.port}/page`)
      expect(error.code, address).toBe('blocked_address')
      expect(error.message).toContain(address)
    }
    expect(site.received).toHaveLength(0)
  })

  it('refuses the IPv6 forms: loopback, unspecified, unique local, link-local, multicast, IPv4-mapped, NAT64, 6to4', async () => {
    const addresses = [
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0:0',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2002:a9fe:a9fe::',
      '2001:db8::1',
      '2001::1',
      '100::1',
      '::ffff:100.64.0.1',
    ]
    for (const address of addresses) {
      const error = await refusal(`http://[${address}]:${site.port}/page`)
      expect(error.code, address).toBe('blocked_address')
    }
    expect(site.received).toHaveLength(0)
  })

  it('classifies public addresses as public, and the edges of the ranges right', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.15.255.255',
      '172.32.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '169.253.255.255',
      '192.167.255.255',
      '223.255.255.255',
      '2606:4700:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(classifyAddress(address), address).toBe('public')
    }
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('link-local')
    expect(classifyAddress('[::1]')).toBe('loopback')
    expect(classifyAddress('fe80::1%eth0')).toBe('link-local')
    expect(classifyAddress('example.com')).toBeNull()
    expect(classifyAddress('1.2.3.256')).toBeNull()
  })

  it('refuses decimal, octal, hex and short IPv4 spellings of loopback', async () => {
    for (const host of [
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '0x7f.1',
      '127.1',
      '0x7F.0.0.01',
    ]) {
      const error = await refusal(`http://${host}:${site.port}/page`)
      expect(error.code, host).toBe('blocked_address')
      expect(error.message).toContain('127.0.0.1')
    }
    expect(site.received).toHaveLength(0)
  })

  it('refuses a name that resolves to loopback, and says which address it got', async () => {
    const error = await refusal(`http://localhost:${site.port}/page`)
    expect(error.code).toBe('blocked_address')
    expect(error.message).toMatch(/\(the address of localhost\) is a loopback address/)
    expect(site.received).toHaveLength(0)
  })

  it('says when a name does not resolve', async () => {
    expect((await refusal('http://nothing-here.invalid/')).code).toBe('dns_failed')
  })
})

describe('URLs', () => {
  beforeEach(() => setEnv(SETTING))

  it('refuses other schemes, credentials in the URL and what is not a URL', async () => {
    const urls = [
      'ftp://example.com/file',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<p>x',
      'gopher://127.0.0.1:70/',
      'ws://example.com/',
      `http://user:secret@127.0.0.1:${site.port}/page`,
      `http://user@127.0.0.1:${site.port}/page`,
      `http://:pw@127.0.0.1:${site.port}/page`,
      'not a url',
      '/page',
      'http://',
      `http://127.0.0.1:${site.port}/${'a'.repeat(9000)}`,
    ]
    for (const url of urls) {
      expect((await refusal(url)).code, url).toBe('bad_url')
    }
    expect(site.received).toHaveLength(0)
  })
})

describe('with the loopback test setting on (a local test server)', () => {
  beforeEach(() => setEnv(SETTING))
  afterEach(() => {
    site.received.length = 0
    site.closedEarly.length = 0
  })

  it('fetches a page: status, headers, body, final URL', async () => {
    const response = await safeFetch(`${site.origin}/page`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html')
    expect(text(response.body)).toBe('<p>hi')
    expect(response.url).toBe(`${site.origin}/page`)
    expect(site.received[0]?.headers.host).toBe(`127.0.0.1:${site.port}`)
  })

  it('lets loopback through and nothing else: private, link-local and mapped addresses stay refused', async () => {
    for (const address of ['10.0.0.1', '169.254.169.254', '[::ffff:192.168.0.1]', '0.0.0.0']) {
      expect((await refusal(`http://${address}:${site.port}/`)).code, address).toBe(
        'blocked_address'
      )
    }
  })

  it('follows up to three redirects, and refuses a fourth', async () => {
    const response = await safeFetch(`${site.origin}/hops/3`)
    expect(response.url).toBe(`${site.origin}/page`)
    expect(text(response.body)).toBe('<p>hi')
    const error = await refusal(`${site.origin}/hops/4`)
    expect(error.code).toBe('too_many_redirects')
    expect(site.received.filter((r) => r.path === '/page')).toHaveLength(1)
  })

  it('with maxRedirects 0 does not follow at all', async () => {
    const error = await refusal(`${site.origin}/to-echo-307`, { method: 'POST', maxRedirects: 0 })
    expect(error.code).toBe('too_many_redirects')
    expect(site.received.map((r) => r.path)).toEqual(['/to-echo-307'])
  })

  it('checks the address at every hop: a redirect to a private, metadata or mapped address is refused', async () => {
    for (const path of ['/to-private', '/to-metadata', '/to-mapped']) {
      const error = await refusal(`${site.origin}${path}`)
      expect(error.code, path).toBe('blocked_address')
    }
    expect((await refusal(`${site.origin}/to-file`)).code).toBe('bad_url')
  })

  it('a 303 becomes a GET without body; a 307 keeps the POST and its body', async () => {
    const options = { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'text/plain' } }
    const seen = await safeFetch(`${site.origin}/to-echo-303`, options)
    expect(JSON.parse(text(seen.body))).toMatchObject({ method: 'GET', body: '' })
    const kept = await safeFetch(`${site.origin}/to-echo-307`, options)
    expect(JSON.parse(text(kept.body))).toMatchObject({ method: 'POST', body: 'a=1' })
  })

  it('drops Authorization and Cookie when a redirect leaves the origin', async () => {
    const response = await safeFetch(`${site.origin}/to-other-origin`, {
      headers: { Authorization: 'Bearer secret', Cookie: 'a=b', 'X-Keep': 'yes' },
    })
    const { headers } = JSON.parse(text(response.body)) as { headers: Record<string, string> }
    expect(headers.authorization).toBeUndefined()
    expect(headers.cookie).toBeUndefined()
    expect(headers['x-keep']).toBe('yes')
    expect(headers.host).toBe(`localhost:${site.port}`)
  })

  it('gives up at the deadline, with no answer or a body that never ends, and closes the connection', async () => {
    expect((await refusal(`${site.origin}/never`, { timeoutMs: 300 })).code).toBe('timeout')
    expect((await refusal(`${site.origin}/drip`, { timeoutMs: 300 })).code).toBe('timeout')
    await site.until(() => ['/never', '/drip'].every((p) => site.closedEarly.includes(p)))
  })

  it('refuses a declared body over the cap without reading it', async () => {
    const error = await refusal(`${site.origin}/declared-huge`)
    expect(error.code).toBe('too_large')
    await site.until(() => site.closedEarly.includes('/declared-huge'))
  })

  it('stops reading an undeclared body at the cap', async () => {
    const error = await refusal(`${site.origin}/streamed-huge`, { maxBytes: 256 * 1024 })
    expect(error.code).toBe('too_large')
    await site.until(() => site.closedEarly.includes('/streamed-huge'))
  })

  it('never reads past a Content-Length that lies low, and fails one that lies high', async () => {
    const short = await safeFetch(`${site.origin}/lying-short`)
    expect(short.body.byteLength).toBe(10)
    expect((await refusal(`${site.origin}/lying-long`)).code).toBe('network')
  })

  it('decodes gzip and caps the decoded size (a compression bomb is too large)', async () => {
    const page = await safeFetch(`${site.origin}/gzip-page`)
    expect(text(page.body)).toBe('<title>zipped</title>')
    expect((await refusal(`${site.origin}/gzip-bomb`)).code).toBe('too_large')
  })

  it('does not read a body whose type is refused', async () => {
    const response = await safeFetch(`${site.origin}/image`, {
      accept: (type) => type.startsWith('text/html'),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.body.byteLength).toBe(0)
  })
})

describe('loopbackAllowed()', () => {
  afterEach(() => setEnv(SETTING))

  it('is true only with the setting, a loopback SUPABASE_URL and a non-production stack', () => {
    setEnv(SETTING)
    expect(loopbackAllowed()).toBe(true)
    setEnv({ ...SETTING, SUPABASE_URL: 'http://localhost:54321' })
    expect(loopbackAllowed()).toBe(true)
    setEnv({ ...SETTING, SUPABASE_URL: 'http://[::1]:54321' })
    expect(loopbackAllowed()).toBe(true)
    for (const change of [
      { CHORUS_OUTBOUND_ALLOW_LOOPBACK: undefined },
      { CHORUS_OUTBOUND_ALLOW_LOOPBACK: '0' },
      { CHORUS_OUTBOUND_ALLOW_LOOPBACK: 'true' },
      { CHORUS_STACK_MODE: 'serve' },
      { CHORUS_STACK_MODE: undefined },
      { SUPABASE_URL: 'https://abcdefgh.supabase.co' },
      { SUPABASE_URL: 'http://10.0.0.5:8000' },
      { SUPABASE_URL: 'http://kong:8000' },
      { SUPABASE_URL: undefined },
    ]) {
      setEnv({ ...SETTING, ...change })
      expect(loopbackAllowed(), JSON.stringify(change)).toBe(false)
    }
  })
})
