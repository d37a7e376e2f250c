// How safeFetch (safe-fetch.ts) talks to a checked address: the connection pinned to it (the
// URL's host kept as Host and TLS name), the next address tried when one refuses, the body read
// and decoded within its cap, and what is in flight kept so that the deadline can end it.
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { OutboundError } from './outbound-error.ts'
import type { Address } from './safe-fetch-target.ts'

const RETRY_NEXT_ADDRESS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'])

export interface Hop {
  method: string
  headers: Record<string, string>
  body: Uint8Array | undefined
}

/** Tracks what is in flight so that the deadline can tear it down. */
export interface Flight {
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

export function timeoutError(): OutboundError {
  return new OutboundError('timeout', 'The server did not answer in time.')
}

function networkError(url: URL, error: Error): OutboundError {
  return new OutboundError('network', `The request to ${url.host} failed: ${error.message}.`)
}

/** Connects to the first address that takes the connection. */
export async function sendToAny(
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

export async function readBody(
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

export function toHeaders(response: http.IncomingMessage): Headers {
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
