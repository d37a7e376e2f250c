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
import { OutboundError } from './outbound-error.ts'
import { checkedAddresses, parseTarget } from './safe-fetch-target.ts'
import { readBody, sendToAny, timeoutError, toHeaders } from './safe-fetch-wire.ts'
import type { Flight, Hop } from './safe-fetch-wire.ts'

export { OutboundError } from './outbound-error.ts'
export type { OutboundErrorCode } from './outbound-error.ts'
export { loopbackAllowed } from './safe-fetch-target.ts'

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

const REDIRECTS = new Set([301, 302, 303, 307, 308])

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
