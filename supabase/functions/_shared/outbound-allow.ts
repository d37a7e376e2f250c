// The operator's exceptions to the outbound guard (safe-fetch.ts): CHORUS_OUTBOUND_ALLOW, a
// function secret listing the non-public addresses that outbound requests MAY reach, for a team
// whose push relay, Slack-style app or intranet site lives on its own network (Mattermost calls
// the same setting AllowedUntrustedInternalConnections). Honoured in every mode, `serve` and
// hosted included: it is the operator's choice, set outside the repository: under `serve` in the
// server's settings file (chorus.env, given to the functions over [edge_runtime.secrets] and
// supabase/functions/.env), on hosted with `supabase secrets set`.
//
// Entries are separated by commas or spaces; each is an address or a CIDR range, with a port to
// allow that port only:
//   10.0.0.0/8          any port of 10.x.x.x
//   192.168.1.20:8443   that address, port 8443 only
//   fd00::/8            IPv6, any port
//   [fd00::7]:443       IPv6 with a port (brackets, as in a URL; also [fd00::/16]:443)
// Names are not entries: the guard checks the addresses a name resolves to, so the allowance is
// for addresses too. An entry that is none of these is ignored (nothing is allowed by a typo) and
// named once in the log. Multicast, unspecified and link-local addresses (cloud metadata services
// live there) are never allowed, whatever the list says, nor 0.0.0.0/8. Pure but for that one log line.
import { isIP } from 'node:net'
import { classifyAddress, v4Number, v6Groups } from './address-ranges.ts'
import type { AddressClass } from './address-ranges.ts'

interface Entry {
  v6: boolean
  base: bigint
  bits: number
  port: number | null
}

export interface OutboundAllowance {
  entries: Entry[]
  /** The entries that could not be read, as written. */
  invalid: string[]
}

/** Classes no entry can open: nothing on them is a team's own service. */
const NEVER: ReadonlySet<AddressClass> = new Set([
  'multicast',
  'unspecified',
  'this-network',
  'link-local',
])

/** An IP address as a number (IPv4 in 32 bits, IPv6 in 128); null if it is not one. */
function addressValue(address: string): { v6: boolean; value: bigint } | null {
  const v4 = isIP(address) === 4 ? v4Number(address) : null
  if (v4 !== null) return { v6: false, value: BigInt(v4) }
  const groups = v6Groups(address)
  if (!groups) return null
  return { v6: true, value: groups.reduce((n, g) => n * 65536n + BigInt(g), 0n) }
}

function readEntry(text: string): Entry | null {
  let spec = text
  let port: number | null = null
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(spec)
  if (bracketed) {
    spec = bracketed[1]!
    if (bracketed[2] !== undefined) port = Number(bracketed[2])
  } else if (/^[\d./]+:\d+$/.test(spec)) {
    const at = spec.lastIndexOf(':')
    port = Number(spec.slice(at + 1))
    spec = spec.slice(0, at)
  }
  if (port !== null && !(Number.isInteger(port) && port >= 1 && port <= 65535)) return null
  const [address = '', bitsText, ...rest] = spec.split('/')
  if (rest.length > 0) return null
  const parsed = addressValue(address)
  if (!parsed) return null
  const width = parsed.v6 ? 128 : 32
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null
  const bits = bitsText === undefined ? width : Number(bitsText)
  if (bits > width) return null
  const base = (parsed.value >> BigInt(width - bits)) << BigInt(width - bits)
  return { v6: parsed.v6, base, bits, port }
}

/** Reads CHORUS_OUTBOUND_ALLOW's value (empty or absent: no exceptions). */
export function parseOutboundAllow(text: string | undefined): OutboundAllowance {
  const entries: Entry[] = []
  const invalid: string[] = []
  for (const word of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const entry = readEntry(word)
    if (entry) entries.push(entry)
    else invalid.push(word)
  }
  return { entries, invalid }
}

/** True when the allowance lets a request reach this (non-public) address on this port. */
export function isAllowedByOperator(
  allowance: OutboundAllowance,
  address: string,
  port: number
): boolean {
  const kind = classifyAddress(address)
  if (kind === null || NEVER.has(kind)) return false
  const parsed = addressValue(address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''))
  if (!parsed) return false
  const width = parsed.v6 ? 128 : 32
  return allowance.entries.some(
    (entry) =>
      entry.v6 === parsed.v6 &&
      (entry.port === null || entry.port === port) &&
      (parsed.value >> BigInt(width - entry.bits)) << BigInt(width - entry.bits) === entry.base
  )
}

let cached: { text: string | undefined; allowance: OutboundAllowance } | null = null

/** The allowance of this process's CHORUS_OUTBOUND_ALLOW (read is the environment reader). */
export function operatorAllowance(read: (name: string) => string | undefined): OutboundAllowance {
  const text = read('CHORUS_OUTBOUND_ALLOW')
  if (cached !== null && cached.text === text) return cached.allowance
  const allowance = parseOutboundAllow(text)
  if (allowance.invalid.length > 0) {
    console.warn(
      `CHORUS_OUTBOUND_ALLOW: ignored ${allowance.invalid.map((w) => `"${w}"`).join(', ')} ` +
        '(each entry is an address or a CIDR range, with :port to allow one port only)'
    )
  }
  cached = { text, allowance }
  return allowance
}
