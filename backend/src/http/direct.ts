// Direct paths: requests a service answers from Node's HTTP server itself, without Fastify's
// request and reply objects, routing, hooks and query parsing. REST uses one for its requests
// (its own parser reads the raw URL anyway): on a 2-core machine those layers were a measurable
// share of the CPU a small REST request costs. A direct path must answer exactly as the service's
// Fastify routes would; these helpers do what Fastify does for the answers REST gives (a string
// body) and the bodies it reads (raw bytes up to the body limit).
import type { IncomingMessage, ServerResponse } from 'node:http'

/** Answers a request and returns true, or returns false to leave it to Fastify. */
export type DirectHandler = (request: IncomingMessage, response: ServerResponse) => boolean

/** The body limit of the API server (Fastify's bodyLimit there). */
export const BODY_LIMIT = 10 * 1024 * 1024

/**
 * Whether a request's body can be read by a direct path: none at all, or a Content-Length within
 * the limit. Chunked and oversized bodies stay with Fastify, which answers their errors.
 */
export function directBodyLength(request: IncomingMessage): number | null {
  if (request.headers['transfer-encoding'] !== undefined) return null
  const header = request.headers['content-length']
  if (header === undefined) return 0
  const length = Number(header)
  return Number.isSafeInteger(length) && length >= 0 && length <= BODY_LIMIT ? length : null
}

/** The whole body of a request (undefined when it has none); rejects if the client goes away. */
export function readDirectBody(
  request: IncomingMessage,
  length: number
): Promise<Buffer | undefined> {
  if (length === 0) return Promise.resolve(undefined)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)))
    request.once('error', reject)
    request.once('aborted', () => reject(new Error('request aborted')))
  })
}

const PLAIN = 'text/plain; charset=utf-8'

/**
 * Sends a string body as Fastify's reply.send does: text/plain when no type is set, no type nor
 * length on 1xx and 204 answers, Content-Length from the body (HEAD keeps a length already set).
 */
export function sendDirect(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string
): void {
  if ((status >= 100 && status < 200) || status === 204) {
    delete headers['content-type']
    delete headers['content-length']
    response.writeHead(status, headers)
    response.end()
    return
  }
  if (headers['content-type'] === undefined) headers['content-type'] = PLAIN
  if (headers['content-length'] === undefined || request.method !== 'HEAD') {
    headers['content-length'] = String(Buffer.byteLength(body))
  }
  response.writeHead(status, headers)
  response.end(body)
}
