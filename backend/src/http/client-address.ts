// The client's address as the API gateway passes it on, as Kong does in front of a hosted
// project's services: `X-Real-IP` is the client (the address that connected, or, when that is a
// trusted proxy, the nearest address of X-Forwarded-For that is not one) and `X-Forwarded-For`
// the incoming list with the connecting address appended. A client's own X-Real-IP is replaced,
// so SQL reading `request.headers` (the audit log's "from where") gets what the gateway saw.
// Trusted proxies are `serve --trusted-proxy` values: addresses, CIDR ranges, or proxy-addr's
// names `loopback`, `linklocal`, `uniquelocal`; `start` trusts none.
import type { IncomingMessage } from 'node:http'
import { BlockList, isIP } from 'node:net'

const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
}

/** Whether an address is one of the trusted proxies. */
export type Trusted = (address: string) => boolean

export function trustedProxies(values: readonly string[]): Trusted {
  if (values.length === 0) return () => false
  const list = new BlockList()
  for (const value of values) {
    for (const [network, prefix, type] of NAMED[value] ?? []) list.addSubnet(network, prefix, type)
    if (NAMED[value]) continue
    const [address = '', bits] = value.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return (address) => {
    const plain = unmapped(address)
    const type = isIP(plain)
    return type !== 0 && list.check(plain, type === 6 ? 'ipv6' : 'ipv4')
  }
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as `1.2.3.4`. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
}

/** Sets X-Real-IP and X-Forwarded-For on the request's headers, as the gateway passes them on. */
export function passClientAddress(request: IncomingMessage, trusted: Trusted): void {
  const remote = request.socket.remoteAddress
  if (!remote) return
  const connected = unmapped(remote)
  const header = request.headers['x-forwarded-for']
  const incoming = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  let client = connected
  if (trusted(connected)) {
    for (let i = incoming.length - 1; i >= 0; i--) {
      const hop = incoming[i]!
      if (isIP(unmapped(hop)) === 0) break
      client = unmapped(hop)
      if (!trusted(client)) break
    }
  }
  request.headers['x-real-ip'] = client
  request.headers['x-forwarded-for'] = [...incoming, connected].join(', ')
}

/**
 * The client's address as passClientAddress worked it out (X-Real-IP, set on every request
 * before any service sees it): the one answer for Auth's rate limits and sessions, MFA
 * challenges, the request log and, through the header, the audit log.
 */
export function clientAddress(request: IncomingMessage): string | null {
  const value = request.headers['x-real-ip']
  if (typeof value === 'string' && value !== '') return value
  const remote = request.socket.remoteAddress
  return remote ? unmapped(remote) : null
}
