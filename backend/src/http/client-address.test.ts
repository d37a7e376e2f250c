import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddress, passClientAddress, trustedProxies } from './client-address.ts'

function request(remoteAddress: string, forwardedFor?: string, realIp?: string): IncomingMessage {
  const headers: Record<string, string> = {}
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor
  if (realIp !== undefined) headers['x-real-ip'] = realIp
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage
}

function passed(req: IncomingMessage, trusted: string[] = []) {
  passClientAddress(req, trustedProxies(trusted))
  return { realIp: req.headers['x-real-ip'], forwardedFor: req.headers['x-forwarded-for'] }
}

describe('passClientAddress', () => {
  it('names the connecting address when no proxy is trusted, whatever the client claims', () => {
    expect(passed(request('203.0.113.5', '10.9.9.9', '1.2.3.4'))).toEqual({
      realIp: '203.0.113.5',
      forwardedFor: '10.9.9.9, 203.0.113.5',
    })
  })

  it('takes X-Forwarded-For from a trusted proxy, up to the first untrusted hop', () => {
    const via = request('127.0.0.1', '198.51.100.4, 203.0.113.9, 10.0.0.2')
    expect(passed(via, ['loopback', 'uniquelocal'])).toEqual({
      realIp: '203.0.113.9',
      forwardedFor: '198.51.100.4, 203.0.113.9, 10.0.0.2, 127.0.0.1',
    })
  })

  it('reads an IPv4 client of a dual-stack socket as IPv4, and trusts CIDR ranges and addresses', () => {
    expect(passed(request('::ffff:192.0.2.1')).realIp).toBe('192.0.2.1')
    expect(passed(request('192.0.2.1', '198.51.100.8'), ['192.0.2.0/24']).realIp).toBe(
      '198.51.100.8'
    )
    expect(passed(request('2001:db8::1', '198.51.100.8'), ['2001:db8::1']).realIp).toBe(
      '198.51.100.8'
    )
    expect(passed(request('192.0.3.1', '198.51.100.8'), ['192.0.2.0/24']).realIp).toBe('192.0.3.1')
  })

  it('stops at a hop that is not an address, and keeps the proxy when every hop is trusted', () => {
    expect(passed(request('127.0.0.1', 'evil, 10.0.0.3'), ['loopback', 'uniquelocal']).realIp).toBe(
      '10.0.0.3'
    )
    expect(passed(request('127.0.0.1'), ['loopback']).realIp).toBe('127.0.0.1')
  })
})

describe('clientAddress', () => {
  it('is the address passClientAddress worked out, never one the client sent', () => {
    const spoofed = request('::ffff:203.0.113.5', '10.9.9.9', '1.2.3.4')
    passClientAddress(spoofed, trustedProxies([]))
    expect(clientAddress(spoofed)).toBe('203.0.113.5')
    const proxied = request('127.0.0.1', '198.51.100.4, 203.0.113.9')
    passClientAddress(proxied, trustedProxies(['loopback']))
    expect(clientAddress(proxied)).toBe('203.0.113.9')
  })

  it('is the socket address for a request nothing passed on (an injected one)', () => {
    expect(clientAddress(request('::ffff:192.0.2.7'))).toBe('192.0.2.7')
  })
})
