// The outbound request guard (functions/_shared/safe-fetch.ts) against a real HTTP server on
// 127.0.0.1: every refused address class and spelling, names resolving to loopback, redirects
// checked at every hop and limited, the deadline, the size cap (declared, streamed, lying,
// compressed), credentials and schemes, and the loopback test setting's conditions. Here the
// guard runs in this process (its environment is process.env); safe-fetch-mode.test.ts runs it
// inside Edge Functions of a local stack and of production mode. The server and the environment
// are support/safe-fetch-site.ts's, the addresses tried support/address-cases.ts's.
import dns from 'node:dns'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { classifyAddress } from '../functions/_shared/address-ranges.ts'
import { loopbackAllowed, safeFetch } from '../functions/_shared/safe-fetch.ts'
import {
  LOOPBACK_SPELLINGS,
  PUBLIC_ADDRESSES,
  REFUSED_IPV4,
  REFUSED_IPV6,
} from './support/address-cases.ts'
import { refusal, setEnv, SETTING, text, useSafeFetchSite } from './support/safe-fetch-site.ts'

const t = useSafeFetchSite()

describe('with the loopback test setting off', () => {
  beforeEach(() => setEnv({ ...SETTING, CHORUS_OUTBOUND_ALLOW_LOOPBACK: undefined }))

  it('refuses every non-public IPv4 class before connecting', async () => {
    const addresses = REFUSED_IPV4
    for (const address of addresses) {
      const error = await refusal(`http://${address}:${t.site.port}/page`)
      expect(error.code, address).toBe('blocked_address')
      expect(error.message).toContain(address)
    }
    expect(t.site.received).toHaveLength(0)
  })

  it('refuses the IPv6 forms: loopback, unspecified, unique local, link-local, multicast, IPv4-mapped, NAT64, 6to4', async () => {
    const addresses = REFUSED_IPV6
    for (const address of addresses) {
      const error = await refusal(`http://[${address}]:${t.site.port}/page`)
      expect(error.code, address).toBe('blocked_address')
    }
    expect(t.site.received).toHaveLength(0)
  })

  it('classifies public addresses as public, and the edges of the ranges right', () => {
    for (const address of PUBLIC_ADDRESSES) {
      expect(classifyAddress(address), address).toBe('public')
    }
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('link-local')
    expect(classifyAddress('[::1]')).toBe('loopback')
    expect(classifyAddress('fe80::1%eth0')).toBe('link-local')
    expect(classifyAddress('example.com')).toBeNull()
    expect(classifyAddress('1.2.3.256')).toBeNull()
  })

  it('refuses decimal, octal, hex and short IPv4 spellings of loopback', async () => {
    for (const host of LOOPBACK_SPELLINGS) {
      const error = await refusal(`http://${host}:${t.site.port}/page`)
      expect(error.code, host).toBe('blocked_address')
      expect(error.message).toContain('127.0.0.1')
    }
    expect(t.site.received).toHaveLength(0)
  })

  it('refuses a name that resolves to loopback, and says which address it got', async () => {
    const error = await refusal(`http://localhost:${t.site.port}/page`)
    expect(error.code).toBe('blocked_address')
    expect(error.message).toMatch(/\(the address of localhost\) is a loopback address/)
    expect(t.site.received).toHaveLength(0)
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
      `http://user:secret@127.0.0.1:${t.site.port}/page`,
      `http://user@127.0.0.1:${t.site.port}/page`,
      `http://:pw@127.0.0.1:${t.site.port}/page`,
      'not a url',
      '/page',
      'http://',
      `http://127.0.0.1:${t.site.port}/${'a'.repeat(9000)}`,
    ]
    for (const url of urls) {
      expect((await refusal(url)).code, url).toBe('bad_url')
    }
    expect(t.site.received).toHaveLength(0)
  })
})

describe('with the loopback test setting on (a local test server)', () => {
  beforeEach(() => setEnv(SETTING))
  afterEach(() => {
    t.site.received.length = 0
    t.site.closedEarly.length = 0
  })

  it('fetches a page: status, headers, body, final URL', async () => {
    const response = await safeFetch(`${t.site.origin}/page`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html')
    expect(text(response.body)).toBe('<p>hi')
    expect(response.url).toBe(`${t.site.origin}/page`)
    expect(t.site.received[0]?.headers.host).toBe(`127.0.0.1:${t.site.port}`)
  })

  it('connects to the address it checked: a later DNS answer (rebinding) is never asked for', async () => {
    const original = dns.lookup
    let asked = 0
    // What a connection would resolve on its own now: a different (rebinding) answer.
    dns.lookup = ((_host: string, _options: unknown, callback?: unknown) => {
      asked++
      const done = (typeof _options === 'function' ? _options : callback) as (
        error: Error | null
      ) => void
      done(Object.assign(new Error('rebinding answer'), { code: 'ENOTFOUND' }))
    }) as typeof dns.lookup
    try {
      const response = await safeFetch(`http://localhost:${t.site.port}/page`)
      expect(text(response.body)).toBe('<p>hi')
      expect(asked).toBe(0)
    } finally {
      dns.lookup = original
    }
  })

  it('lets loopback through and nothing else: private, link-local and mapped addresses stay refused', async () => {
    for (const address of ['10.0.0.1', '169.254.169.254', '[::ffff:192.168.0.1]', '0.0.0.0']) {
      expect((await refusal(`http://${address}:${t.site.port}/`)).code, address).toBe(
        'blocked_address'
      )
    }
  })

  it('follows up to three redirects, and refuses a fourth', async () => {
    const response = await safeFetch(`${t.site.origin}/hops/3`)
    expect(response.url).toBe(`${t.site.origin}/page`)
    expect(text(response.body)).toBe('<p>hi')
    const error = await refusal(`${t.site.origin}/hops/4`)
    expect(error.code).toBe('too_many_redirects')
    expect(t.site.received.filter((r) => r.path === '/page')).toHaveLength(1)
  })

  it('with maxRedirects 0 does not follow at all', async () => {
    const error = await refusal(`${t.site.origin}/to-echo-307`, { method: 'POST', maxRedirects: 0 })
    expect(error.code).toBe('too_many_redirects')
    expect(t.site.received.map((r) => r.path)).toEqual(['/to-echo-307'])
  })

  it('checks the address at every hop: a redirect to a private, metadata or mapped address is refused', async () => {
    for (const path of ['/to-private', '/to-metadata', '/to-mapped']) {
      const error = await refusal(`${t.site.origin}${path}`)
      expect(error.code, path).toBe('blocked_address')
    }
    expect((await refusal(`${t.site.origin}/to-file`)).code).toBe('bad_url')
  })

  it('a 303 becomes a GET without body; a 307 keeps the POST and its body', async () => {
    const options = { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'text/plain' } }
    const seen = await safeFetch(`${t.site.origin}/to-echo-303`, options)
    expect(JSON.parse(text(seen.body))).toMatchObject({ method: 'GET', body: '' })
    const kept = await safeFetch(`${t.site.origin}/to-echo-307`, options)
    expect(JSON.parse(text(kept.body))).toMatchObject({ method: 'POST', body: 'a=1' })
  })

  it('drops Authorization and Cookie when a redirect leaves the origin', async () => {
    const response = await safeFetch(`${t.site.origin}/to-other-origin`, {
      headers: { Authorization: 'Bearer secret', Cookie: 'a=b', 'X-Keep': 'yes' },
    })
    const { headers } = JSON.parse(text(response.body)) as { headers: Record<string, string> }
    expect(headers.authorization).toBeUndefined()
    expect(headers.cookie).toBeUndefined()
    expect(headers['x-keep']).toBe('yes')
    expect(headers.host).toBe(`localhost:${t.site.port}`)
  })

  it('gives up at the deadline, with no answer or a body that never ends, and closes the connection', async () => {
    expect((await refusal(`${t.site.origin}/never`, { timeoutMs: 300 })).code).toBe('timeout')
    expect((await refusal(`${t.site.origin}/drip`, { timeoutMs: 300 })).code).toBe('timeout')
    await t.site.until(() => ['/never', '/drip'].every((p) => t.site.closedEarly.includes(p)))
  })

  it('refuses a declared body over the cap without reading it', async () => {
    const error = await refusal(`${t.site.origin}/declared-huge`)
    expect(error.code).toBe('too_large')
    await t.site.until(() => t.site.closedEarly.includes('/declared-huge'))
  })

  it('stops reading an undeclared body at the cap', async () => {
    const error = await refusal(`${t.site.origin}/streamed-huge`, { maxBytes: 256 * 1024 })
    expect(error.code).toBe('too_large')
    await t.site.until(() => t.site.closedEarly.includes('/streamed-huge'))
  })

  it('never reads past a Content-Length that lies low, and fails one that lies high', async () => {
    const short = await safeFetch(`${t.site.origin}/lying-short`)
    expect(short.body.byteLength).toBe(10)
    expect((await refusal(`${t.site.origin}/lying-long`)).code).toBe('network')
  })

  it('decodes gzip and caps the decoded size (a compression bomb is too large)', async () => {
    const page = await safeFetch(`${t.site.origin}/gzip-page`)
    expect(text(page.body)).toBe('<title>zipped</title>')
    expect((await refusal(`${t.site.origin}/gzip-bomb`)).code).toBe('too_large')
  })

  it('does not read a body whose type is refused', async () => {
    const response = await safeFetch(`${t.site.origin}/image`, {
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
