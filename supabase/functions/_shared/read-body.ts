// A request's body read with a limit, as the functions that other servers call need it: refused
// as soon as it passes `maxBytes` (declared or streamed: the rest is not read), and, as text,
// refused when it is not UTF-8. Each function turns the refusal into its own service's answer.
// A body left unread (refused, or never read because the URL or method was refused first) would
// stall the client's connection: its next request waits behind the rest of the body until the
// keep-alive timeout. closingUnread() wraps a function's handler so that such an answer carries
// `Connection: close`: the client gets the answer and opens a new connection for the next one.

export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes.`)
  }
}

export class BodyNotUtf8 extends Error {
  constructor() {
    super('The body is not UTF-8.')
  }
}

/** The requests whose body was refused part-read. */
const refused = new WeakSet<Request>()

/** Whether some of the request's body may be left unread. */
export function bodyLeftUnread(request: Request): boolean {
  if (refused.has(request)) return true
  if (request.body === null || request.bodyUsed) return false
  return request.headers.get('content-length') !== '0'
}

/** The handler, its answers closing the connection when the request's body was left unread. */
export function closingUnread(
  handler: (request: Request) => Promise<Response>
): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await handler(request)
    if (!bodyLeftUnread(request)) return response
    const headers = new Headers(response.headers)
    headers.set('Connection', 'close')
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  }
}

/** The body's bytes (empty when there is none); BodyTooLarge past `maxBytes`. */
export async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) {
    refused.add(request)
    throw new BodyTooLarge(maxBytes)
  }
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      refused.add(request)
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLarge(maxBytes)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

/** The body as UTF-8 text; BodyTooLarge past `maxBytes`, BodyNotUtf8 for other bytes. */
export async function readText(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readBytes(request, maxBytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new BodyNotUtf8()
  }
}
