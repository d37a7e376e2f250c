// Which IP addresses an outbound request may reach (safe-fetch.ts): the public unicast Internet
// only. Everything else is named by the class that refuses it: loopback, private (RFC 1918, IPv6
// unique local), link-local (169.254/16 with the clouds' metadata address, fe80::/10), shared
// address space (CGNAT 100.64/10), "this network" (0/8), multicast, and the reserved and
// documentation ranges. IPv6 is allowed only inside 2000::/3 (global unicast) minus its special
// ranges; the IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64
// 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address. Pure: no I/O.
import { isIP } from 'node:net'

/** Why an address is refused ('public' when it is not). */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'this-network'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'documentation'

/** Words for each class, for error messages. */
export const CLASS_WORDS: Record<AddressClass, string> = {
  public: 'a public address',
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  'link-local': 'a link-local address (including cloud metadata services)',
  shared: 'a carrier-grade NAT address (100.64.0.0/10)',
  'this-network': 'a "this network" address (0.0.0.0/8)',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  documentation: 'an address reserved for documentation',
}

const V4_RANGES: [base: string, bits: number, kind: AddressClass][] = [
  ['0.0.0.0', 8, 'this-network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
]

/** a.b.c.d as an unsigned 32-bit number; null unless four decimal parts of 0..255. */
export function v4Number(address: string): number | null {
  const parts = address.split('.')
  if (parts.length !== 4) return null
  let value = 0
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null
    const n = Number(part)
    if (n > 255) return null
    value = value * 256 + n
  }
  return value
}

function classifyV4Number(value: number): AddressClass {
  for (const [base, bits, kind] of V4_RANGES) {
    const mask = bits === 0 ? 0 : 2 ** 32 - 2 ** (32 - bits)
    const start = v4Number(base) ?? 0
    if (value >= start && value <= start + (2 ** 32 - 1 - mask)) return kind
  }
  return 'public'
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null if it is not one. */
export function v6Groups(address: string): number[] | null {
  const text = address.replace(/%.*$/, '')
  if (isIP(text) !== 6) return null
  let tail: number[] = []
  let head = text
  const v4 = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (v4) {
    const n = v4Number(v4[1]!)
    if (n === null) return null
    tail = [Math.floor(n / 65536), n % 65536]
    head = text.slice(0, text.length - v4[1]!.length)
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1)
  }
  const hex = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)))
  const want = 8 - tail.length
  let groups: number[]
  if (head.includes('::')) {
    const [left = '', right = ''] = head.split('::')
    const l = hex(left)
    const r = hex(right)
    groups = [...l, ...new Array<number>(want - l.length - r.length).fill(0), ...r]
  } else {
    groups = hex(head)
  }
  groups = [...groups, ...tail]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null
}

function classifyV6(g: number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g
  const embedded = (hi: number, lo: number) => classifyV4Number(hi * 65536 + lo)
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0)
  if (zeroTo(8)) return 'unspecified'
  if (zeroTo(7) && g7 === 1) return 'loopback'
  if (zeroTo(5) && g5 === 0xffff) return embedded(g6, g7) // IPv4-mapped
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return embedded(g6, g7) // NAT64
  }
  if (g0 === 0x2002) return embedded(g1, g2) // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return 'private'
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local'
  if ((g0 & 0xff00) === 0xff00) return 'multicast'
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation'
  if (g0 === 0x3fff && g1 < 0x1000) return 'documentation'
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved' // IETF protocol assignments, Teredo
  if ((g0 & 0xe000) !== 0x2000) return 'reserved' // outside global unicast 2000::/3
  return 'public'
}

/** The class of an IP address (IPv4 dotted decimal or any IPv6 spelling); null if not an IP. */
export function classifyAddress(address: string): AddressClass | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1')
  const v4 = isIP(bare) === 4 ? v4Number(bare) : null
  if (v4 !== null) return classifyV4Number(v4)
  const groups = v6Groups(bare)
  return groups ? classifyV6(groups) : null
}
