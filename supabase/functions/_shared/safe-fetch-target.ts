// Where safeFetch may go (safe-fetch.ts): the URL it may try, and every address its host resolves
// to, checked (address-ranges.ts, the operator's allow-list in outbound-allow.ts, the tests'
// loopback setting) before anything connects.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { classifyAddress, CLASS_WORDS } from './address-ranges.ts'
import { OutboundError } from './outbound-error.ts'
import { isAllowedByOperator, operatorAllowance } from './outbound-allow.ts'

const MAX_URL_LENGTH = 8192

function env(name: string): string | undefined {
  const deno = (globalThis as { Deno?: { env: { get(key: string): string | undefined } } }).Deno
  if (deno) return deno.env.get(name)
  return (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[
    name
  ]
}

/** True only on a local, non-production stack whose functions were given the test setting. */
export function loopbackAllowed(): boolean {
  if (env('CHORUS_OUTBOUND_ALLOW_LOOPBACK') !== '1') return false
  if (env('CHORUS_STACK_MODE') !== 'start') return false
  let host: string
  try {
    host = new URL(env('SUPABASE_URL') ?? '').hostname
  } catch {
    return false
  }
  return host === 'localhost' || classifyAddress(host) === 'loopback'
}

/** The URL, if it is one safeFetch may try (http(s), no credentials). */
export function parseTarget(raw: string): URL {
  if (raw.length > MAX_URL_LENGTH) {
    throw new OutboundError('bad_url', `The URL is longer than ${MAX_URL_LENGTH} characters.`)
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new OutboundError('bad_url', 'The URL is not a valid absolute URL.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('bad_url', `Only http and https URLs are allowed, not ${url.protocol}`)
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundError('bad_url', 'The URL may not contain a user name or password.')
  }
  if (url.hostname === '') throw new OutboundError('bad_url', 'The URL has no host.')
  return url
}

export interface Address {
  address: string
  family: number
}

/** Every address of the host, each checked; refused if any one is not allowed. */
export async function checkedAddresses(url: URL): Promise<Address[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: Address[]
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }]
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true })
    } catch {
      throw new OutboundError('dns_failed', `The name ${host} could not be resolved.`)
    }
    if (addresses.length === 0) {
      throw new OutboundError('dns_failed', `The name ${host} has no address.`)
    }
  }
  const loopbackOk = loopbackAllowed()
  const allowance = operatorAllowance(env)
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  for (const { address } of addresses) {
    const kind = classifyAddress(address) ?? 'reserved'
    if (kind === 'public' || (kind === 'loopback' && loopbackOk)) continue
    if (isAllowedByOperator(allowance, address, port)) continue
    const of = address === host ? '' : ` (the address of ${host})`
    throw new OutboundError(
      'blocked_address',
      `${address}${of} is ${CLASS_WORDS[kind]}, which outbound requests may not reach.`
    )
  }
  return addresses
}
