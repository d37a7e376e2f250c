// The operator's exceptions to the outbound guard (functions/_shared/outbound-allow.ts): how
// CHORUS_OUTBOUND_ALLOW is read, what each entry opens and what none can, and safeFetch honouring
// it in production mode (CHORUS_STACK_MODE=serve, where the loopback test setting is refused)
// against a real HTTP server on 127.0.0.1.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  isAllowedByOperator,
  operatorAllowance,
  parseOutboundAllow,
} from '../functions/_shared/outbound-allow.ts'
import { OutboundError, safeFetch } from '../functions/_shared/safe-fetch.ts'
import { startOutboundServer } from './support/outbound-server.ts'
import type { OutboundServer } from './support/outbound-server.ts'

describe('CHORUS_OUTBOUND_ALLOW', () => {
  it('reads addresses and ranges, with and without a port, separated by commas or spaces', () => {
    const allow = parseOutboundAllow(
      '10.0.0.0/8, 192.168.1.20:8443  fd00::/8,[fd00::7]:443 [fc00::/16]:80 127.0.0.1'
    )
    expect(allow.invalid).toEqual([])
    expect(allow.entries).toHaveLength(6)
    const yes = (address: string, port: number) => isAllowedByOperator(allow, address, port)
    expect(yes('10.20.30.40', 1)).toBe(true)
    expect(yes('11.0.0.1', 80)).toBe(false)
    expect(yes('192.168.1.20', 8443)).toBe(true)
    expect(yes('192.168.1.20', 443)).toBe(false)
    expect(yes('192.168.1.21', 8443)).toBe(false)
    expect(yes('fd12:3456::1', 5000)).toBe(true)
    expect(yes('[fd12:3456::1]', 5000)).toBe(true)
    expect(yes('fd00::7', 443)).toBe(true)
    expect(yes('fc00:0:1::1', 80)).toBe(true)
    expect(yes('fc01::1', 80)).toBe(false)
    expect(yes('fc00::1', 81)).toBe(false)
    expect(yes('127.0.0.1', 5432)).toBe(true)
    expect(yes('127.0.0.2', 5432)).toBe(false)
    // An IPv4 entry does not open the IPv6 spelling of another family, nor the reverse.
    expect(yes('::ffff:127.0.0.1', 5432)).toBe(false)
  })

  it('ignores what is not an entry (a typo opens nothing) and says which', () => {
    const allow = parseOutboundAllow(
      'intranet.local 10.0.0.0/33 10.0.0.1:0 10.0.0.1:70000 300.1.1.1 10.0.0.0/8/1 [::1]x 10.1.1.1'
    )
    expect(allow.invalid).toEqual([
      'intranet.local',
      '10.0.0.0/33',
      '10.0.0.1:0',
      '10.0.0.1:70000',
      '300.1.1.1',
      '10.0.0.0/8/1',
      '[::1]x',
    ])
    expect(isAllowedByOperator(allow, '10.1.1.1', 80)).toBe(true)
    expect(isAllowedByOperator(allow, '10.0.0.1', 80)).toBe(false)
    expect(parseOutboundAllow('').entries).toEqual([])
    expect(parseOutboundAllow(undefined).entries).toEqual([])
  })

  it('never opens link-local (cloud metadata), multicast or unspecified addresses', () => {
    const allow = parseOutboundAllow('0.0.0.0/0 ::/0')
    expect(isAllowedByOperator(allow, '10.0.0.1', 80)).toBe(true)
    expect(isAllowedByOperator(allow, '169.254.169.254', 80)).toBe(false)
    expect(isAllowedByOperator(allow, 'fe80::1', 80)).toBe(false)
    expect(isAllowedByOperator(allow, '224.0.0.1', 80)).toBe(false)
    expect(isAllowedByOperator(allow, '0.0.0.0', 80)).toBe(false)
    expect(isAllowedByOperator(allow, '::', 80)).toBe(false)
    expect(isAllowedByOperator(allow, 'not-an-address', 80)).toBe(false)
  })

  it('logs the entries it ignores once for a value, not at every request', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const env = { CHORUS_OUTBOUND_ALLOW: '10.0.0.0/8 nonsense' }
      const read = (name: string) => env[name as keyof typeof env]
      operatorAllowance(read)
      operatorAllowance(read)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]![0])).toContain('"nonsense"')
      expect(operatorAllowance(read).entries).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })
})

describe('safeFetch with CHORUS_OUTBOUND_ALLOW in production mode', () => {
  let site: OutboundServer
  const names = ['CHORUS_OUTBOUND_ALLOW', 'CHORUS_OUTBOUND_ALLOW_LOOPBACK', 'CHORUS_STACK_MODE']
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]))

  beforeAll(async () => {
    site = await startOutboundServer()
    site.route('/hook', (_q, r) => r.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'))
    process.env.CHORUS_STACK_MODE = 'serve'
    process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
  })
  afterEach(() => delete process.env.CHORUS_OUTBOUND_ALLOW)
  afterAll(async () => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
    await site.close()
  })

  const port = () => site.port
  const refusal = async (url: string) => {
    const error = await safeFetch(url).then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(OutboundError)
    return error as OutboundError
  }

  it('refuses loopback without it (the test setting is not honoured under serve)', async () => {
    expect((await refusal(`${site.origin}/hook`)).code).toBe('blocked_address')
  })

  it('reaches the allowed address and port, and only those', async () => {
    process.env.CHORUS_OUTBOUND_ALLOW = `127.0.0.1:${port()}`
    const response = await safeFetch(`${site.origin}/hook`)
    expect(response.status).toBe(200)
    expect(new TextDecoder().decode(response.body)).toBe('ok')
    process.env.CHORUS_OUTBOUND_ALLOW = `127.0.0.1:${port() === 1 ? 2 : port() - 1}`
    expect((await refusal(`${site.origin}/hook`)).code).toBe('blocked_address')
    process.env.CHORUS_OUTBOUND_ALLOW = '127.0.0.0/8'
    expect((await safeFetch(`${site.origin}/hook`)).status).toBe(200)
    expect((await refusal('http://169.254.169.254/latest/meta-data/')).code).toBe('blocked_address')
  })
})
