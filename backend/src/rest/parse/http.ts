// The HTTP request as the pipeline reads it, from either door (Fastify's routes or the direct
// path): the raw request parseRequest takes, the key of everything that shapes its plan, and the
// headers and cookies published to SQL. Pure, and cheap: it runs for every request.
import type { IncomingHttpHeaders } from 'node:http'
import type { RawRequest } from './request.ts'

/** A request as REST reads it: a FastifyRequest, or a Node request with its body read. */
export interface RestRequest {
  method: string
  /** The whole URL, /rest/v1 prefix and query string included. */
  url: string
  headers: IncomingHttpHeaders
  /** The raw body (anything else counts as none). */
  body?: unknown
}

const PREFIX = '/rest/v1'

export function rawRequestOf(request: RestRequest): RawRequest {
  const url = request.url
  const q = url.indexOf('?')
  const pathWithPrefix = q === -1 ? url : url.slice(0, q)
  const path = pathWithPrefix.startsWith(PREFIX)
    ? pathWithPrefix.slice(PREFIX.length)
    : pathWithPrefix
  const body = request.body
  return {
    method: request.method,
    path: path === '' ? '/' : path,
    query: q === -1 ? '' : url.slice(q + 1),
    headers: request.headers,
    body: Buffer.isBuffer(body) ? body : undefined,
  }
}

/**
 * Everything that shapes a plan besides the body: method, path, `query` (the raw query string or
 * its shape) and every header parseRequest reads.
 */
export function planKey(raw: RawRequest, query: string): string {
  const h = raw.headers
  return `${raw.method}\n${raw.path}\n${query}\n${joined(h.accept)}\n${joined(h.prefer)}\n${joined(
    h['accept-profile']
  )}\n${joined(h['content-profile'])}\n${joined(h.range)}\n${joined(h['content-type'])}`
}

function joined(value: string | string[] | undefined): string {
  return value === undefined ? '' : Array.isArray(value) ? value.join(', ') : value
}

/** The request headers as published to SQL (request.headers): repeated ones joined. */
export function headersOf(request: RestRequest): Record<string, string> {
  const headers = request.headers
  const out: Record<string, string> = {}
  for (const name in headers) {
    const value = headers[name]
    if (value === undefined) continue
    out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

/** The Cookie header's pairs as published to SQL (request.cookies). */
export function cookiesOf(request: RestRequest): Record<string, string> {
  const out: Record<string, string> = {}
  const header = request.headers.cookie
  if (!header) return out
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return out
}
