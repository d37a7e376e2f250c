// safeFetch: the one way Edge Functions make requests to URLs that people chose (custom slash
// commands, link previews, outgoing events). It keeps such a URL from reaching anything but the
// public Internet:
// - http and https only, no user name or password in the URL (any port);
// - the host is resolved (an IP literal too: the URL parser already turned decimal, octal and hex
//   IPv4 spellings into dotted decimal) with node:dns lookup({ all: true, verbatim: true }) and
//   EVERY address it resolves to is checked (address-ranges.ts) before connecting: loopback,
//   private, link-local (cloud metadata), CGNAT, 0.0.0.0/8, multicast, reserved and
//   documentation ranges, and the IPv6 forms of those (IPv4-mapped, NAT64, 6to4), are refused
//   with `blocked_address`;
// - the connection is PINNED to a checked address: node:http/node:https's `lookup` option answers
//   the address that was checked (no second DNS query), while the URL's host stays the Host header
//   and the TLS server name (the certificate is checked against the name). A DNS answer that
//   changes between the check and the connection (rebinding) is therefore never used;
// - every redirect hop is checked the same way (at most maxRedirects, default 3; 0 = a redirect
//   is an error), 303 (and 301/302 after a POST) become a GET without body, and Authorization and
//   Cookie headers are dropped when a redirect leaves the origin;
// - one deadline (timeoutMs, default 5 s) covers DNS, connecting, every hop and the whole body;
// - the body is capped (maxBytes, default 1 MiB): a larger Content-Length is refused before
//   reading, and reading stops as soon as the cap is passed whatever the header said; gzip,
//   deflate and br bodies are decoded and the cap applies to the decoded bytes;
// - `accept(contentType)` false: the body is not read at all (the response comes back with an
//   empty body; the caller sees the Content-Type).
// What it does NOT stop: a public address that itself forwards to private ones (an open proxy);
// what the peer says in the body; HTTP proxies configured in the environment are NOT used (the
// connection is always direct). Failures are OutboundError with a code and a sentence.
//
// The operator's exceptions: CHORUS_OUTBOUND_ALLOW names non-public addresses (and ports) that
// requests may reach, in every mode (outbound-allow.ts). The other exception, for tests only: loopbackAllowed() lets loopback addresses through (nothing
// else) when the function's environment has CHORUS_OUTBOUND_ALLOW_LOOPBACK=1 AND SUPABASE_URL is
// itself a loopback URL (a local stack) AND the stack says it is not in production mode
// (CHORUS_STACK_MODE=start, which the local stack's function runtime sets; `serve` sets `serve`;
// hosted Supabase sets neither, and its SUPABASE_URL is not loopback anyway).
import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { classifyAddress, CLASS_WORDS } from './address-ranges.ts'
import { isAllowedByOperator, operatorAllowance } from './outbound-allow.ts'

export type OutboundErrorCode =
  | 'bad_url'
  | 'blocked_address'
  | 'dns_failed'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'network'

export class OutboundError extends Error {
  code: OutboundErrorCode
  constructor(code: OutboundErrorCode, message: string) {
    super(message)
    this.name = 'OutboundError'
    this.code = code
  }
}

export interface OutboundOptions {
  method?: string
  headers?: Record<string, string>
  body?: string | Uint8Array
  /** Default 3; 0 for POSTs that must not follow (a redirect is then `too_many_redirects`). */
  maxRedirects?: number
  /** Default 5000: the whole request, DNS and every hop and the body included. */
  timeoutMs?: number
  /** Default 1 MiB (of decoded body). */
  maxBytes?: number
  /** False: the body is not read (an empty body comes back). */
  accept?: (contentType: string) => boolean
}

export interface OutboundResponse {
  status: number
  headers: Headers
  /** The final URL, after redirects. */
  url: string
  body: Uint8Array
}

const MAX_URL_LENGTH = 8192
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const RETRY_NEXT_ADDRESS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'])

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
function parseTarget(raw: string): URL {
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

interface Address {
  address: string
  family: number
}

/** Every address of the host, each checked; refused if any one is not allowed. */
async function checkedAddresses(url: URL): Promise<Address[]> {
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

interface Hop {
  method: string
  headers: Record<string, string>
  body: Uint8Array | undefined
}

/** Tracks what is in flight so that the deadline can tear it down. */
interface Flight {
  live: Set<{ destroy(error?: Error): void }>
  expired: boolean
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | { address: string; family: number }[],
  family?: number
) => void

/** A dns.lookup stand-in that answers only the address already checked. */
function pinnedLookup(address: Address) {
  return (_host: string, options: unknown, callback?: LookupCallback) => {
    const done = (typeof options === 'function' ? options : callback) as LookupCallback
    const all = typeof options === 'object' && options !== null && 'all' in options && options.all
    if (all) done(null, [{ address: address.address, family: address.family }])
    else done(null, address.address, address.family)
  }
}

function send(url: URL, address: Address, hop: Hop, flight: Flight): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:'
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
    const request = (secure ? https : http).request({
      host,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: { ...hop.headers, host: url.host },
      agent: false,
      // An IP literal is connected to as it is; a name resolves to the checked address only.
      lookup: pinnedLookup(address),
    })
    flight.live.add(request)
    let connected = false
    request.on('socket', (socket) => socket.once('connect', () => (connected = true)))
    request.on('response', (response) => {
      flight.live.add(response)
      resolve(response)
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      flight.live.delete(request)
      if (flight.expired) return reject(timeoutError())
      const retry = !connected && RETRY_NEXT_ADDRESS.has(error.code ?? '')
      reject(Object.assign(networkError(url, error), { retry }))
    })
    request.end(hop.body)
  })
}

function timeoutError(): OutboundError {
  return new OutboundError('timeout', 'The server did not answer in time.')
}

function networkError(url: URL, error: Error): OutboundError {
  return new OutboundError('network', `The request to ${url.host} failed: ${error.message}.`)
}

/** Connects to the first address that takes the connection. */
async function sendToAny(
  url: URL,
  addresses: Address[],
  hop: Hop,
  flight: Flight
): Promise<http.IncomingMessage> {
  let last: unknown
  for (const address of addresses) {
    try {
      return await send(url, address, hop, flight)
    } catch (error) {
      last = error
      if (!(error as { retry?: boolean }).retry) break
    }
  }
  throw last
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (encoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip()
    case 'deflate':
      return zlib.createInflate()
    case 'br':
      return zlib.createBrotliDecompress()
    default:
      return null
  }
}

async function readBody(
  response: http.IncomingMessage,
  maxBytes: number,
  flight: Flight
): Promise<Uint8Array> {
  const tooLarge = () =>
    new OutboundError('too_large', `The response is larger than ${maxBytes} bytes.`)
  const declared = Number(response.headers['content-length'] ?? '')
  const encoding = String(response.headers['content-encoding'] ?? '')
  if (Number.isFinite(declared) && declared > maxBytes && encoding === '') {
    response.destroy()
    throw tooLarge()
  }
  const decoder = decoderFor(encoding)
  let stream: Readable = response
  if (decoder) {
    flight.live.add(decoder)
    response.on('error', (error) => decoder.destroy(error))
    stream = response.pipe(decoder)
  }
  if (decoder) {
    // the encoded bytes are capped too (the decoded ones are counted below)
    let raw = 0
    response.on('data', (chunk: Buffer) => {
      raw += chunk.length
      if (raw > maxBytes) decoder.destroy(tooLarge())
    })
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBytes) throw tooLarge()
      chunks.push(chunk)
    }
  } catch (error) {
    response.destroy()
    if (flight.expired) throw timeoutError()
    if (error instanceof OutboundError) throw error
    throw new OutboundError('network', `Reading the response failed: ${(error as Error).message}.`)
  }
  if (!response.complete) {
    throw new OutboundError('network', 'The server closed the connection before the end.')
  }
  return new Uint8Array(Buffer.concat(chunks))
}

function toHeaders(response: http.IncomingMessage): Headers {
  const headers = new Headers()
  const raw = response.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!)
    } catch {
      // a header value fetch's Headers refuses is left out
    }
  }
  return headers
}

function withoutHeaders(headers: Record<string, string>, names: string[]) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase()))
  )
}

async function run(
  start: URL,
  options: OutboundOptions,
  flight: Flight
): Promise<OutboundResponse> {
  const maxRedirects = options.maxRedirects ?? 3
  const maxBytes = options.maxBytes ?? 1024 * 1024
  const given = options.headers ?? {}
  const lower = new Set(Object.keys(given).map((name) => name.toLowerCase()))
  let hop: Hop = {
    method: (options.method ?? 'GET').toUpperCase(),
    headers: {
      ...(lower.has('user-agent') ? {} : { 'user-agent': 'Chorus/1.0 (+outbound)' }),
      ...(lower.has('accept-encoding') ? {} : { 'accept-encoding': 'gzip, deflate, br' }),
      ...withoutHeaders(given, ['host', 'content-length', 'connection', 'transfer-encoding']),
    },
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? new TextEncoder().encode(options.body)
          : options.body,
  }
  let url = start
  for (let redirects = 0; ; redirects++) {
    const addresses = await checkedAddresses(url)
    const response = await sendToAny(url, addresses, hop, flight)
    const location = response.headers.location
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.destroy()
      if (redirects >= maxRedirects) {
        throw new OutboundError(
          'too_many_redirects',
          maxRedirects === 0
            ? 'The server answered with a redirect, which is not followed here.'
            : `The server redirected more than ${maxRedirects} times.`
        )
      }
      let next: URL
      try {
        next = parseTarget(new URL(location, url).href)
      } catch (error) {
        const why = error instanceof OutboundError ? error.message : 'It is not a valid URL.'
        throw new OutboundError('bad_url', `The server redirected to a URL that is refused: ${why}`)
      }
      const status = response.statusCode ?? 0
      if (status === 303 || ((status === 301 || status === 302) && hop.method === 'POST')) {
        hop = {
          method: hop.method === 'HEAD' ? 'HEAD' : 'GET',
          headers: withoutHeaders(hop.headers, ['content-type']),
          body: undefined,
        }
      }
      if (next.origin !== url.origin) {
        hop = { ...hop, headers: withoutHeaders(hop.headers, ['authorization', 'cookie']) }
      }
      url = next
      continue
    }
    const headers = toHeaders(response)
    const contentType = headers.get('content-type') ?? ''
    const base = { status: response.statusCode ?? 0, headers, url: url.href }
    if (hop.method === 'HEAD' || (options.accept && !options.accept(contentType))) {
      response.destroy()
      return { ...base, body: new Uint8Array(0) }
    }
    return { ...base, body: await readBody(response, maxBytes, flight) }
  }
}

/** A request to a URL someone chose, within the guards above. Throws OutboundError. */
export async function safeFetch(
  url: string,
  options: OutboundOptions = {}
): Promise<OutboundResponse> {
  const target = parseTarget(url)
  const timeoutMs = options.timeoutMs ?? 5000
  const flight: Flight = { live: new Set(), expired: false }
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      flight.expired = true
      for (const item of flight.live) item.destroy()
      reject(timeoutError())
    }, timeoutMs)
  })
  const work = run(target, options, flight)
  try {
    return await Promise.race([work, deadline])
  } catch (error) {
    if (error instanceof OutboundError) throw error
    throw new OutboundError('network', `The request failed: ${(error as Error).message}.`)
  } finally {
    clearTimeout(timer)
    work.catch(() => undefined)
    for (const item of flight.live) item.destroy()
  }
}
