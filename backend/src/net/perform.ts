// One pg_net request performed with fetch: the queue row in, the net._http_response row out.
// Failures are values here (a timeout, a refused connection, an oversized body), recorded as
// pg_net records them: no status, timed_out and error_msg saying what happened.

export interface QueuedRequest {
  id: string
  method: string
  url: string
  headers: Record<string, unknown> | null
  body: Buffer | null
  timeout_milliseconds: number
}

export interface HttpResponseRow {
  id: string
  status_code: number | null
  content_type: string | null
  headers: Record<string, string> | null
  content: string | null
  timed_out: boolean
  error_msg: string | null
}

/** The largest response body kept in net._http_response.content. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024

/** What curl (pg_net's client) says for a failure that Node names by its error code. */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  switch (cause?.code) {
    case 'ECONNREFUSED':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Couldn't connect to server (${cause.code})`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "Couldn't resolve host name"
    case 'UND_ERR_SOCKET':
      return 'Server returned nothing (no headers, no data)'
    default:
      return cause?.message ?? (error as Error).message ?? String(error)
  }
}

async function readBody(response: Response, signal: AbortSignal): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    if (signal.aborted) throw signal.reason
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLarge()
    }
    chunks.push(value)
  }
  // text cannot hold NUL; invalid UTF-8 becomes U+FFFD.
  return new TextDecoder().decode(Buffer.concat(chunks)).replace(/\0/g, '')
}

class BodyTooLarge extends Error {}

export async function performRequest(
  request: QueuedRequest,
  stop: AbortSignal
): Promise<HttpResponseRow> {
  const failed = (message: string, timedOut = false): HttpResponseRow => ({
    id: request.id,
    status_code: null,
    content_type: null,
    headers: null,
    content: null,
    timed_out: timedOut,
    error_msg: message,
  })
  const timeout = AbortSignal.timeout(Math.max(1, request.timeout_milliseconds))
  const signal = AbortSignal.any([timeout, stop])
  const headers = new Headers()
  try {
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      headers.append(name, typeof value === 'string' ? value : JSON.stringify(value))
    }
  } catch (error) {
    return failed(`invalid header: ${(error as Error).message}`)
  }
  try {
    const response = await fetch(request.url, {
      method: request.method.toUpperCase(),
      headers,
      body: request.method.toUpperCase() === 'GET' ? undefined : (request.body ?? undefined),
      redirect: 'manual',
      signal,
    })
    const content = await readBody(response, signal)
    const responseHeaders: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value
    })
    return {
      id: request.id,
      status_code: response.status,
      content_type: response.headers.get('content-type'),
      headers: responseHeaders,
      content,
      timed_out: false,
      error_msg: null,
    }
  } catch (error) {
    if (timeout.aborted)
      return failed(`Timeout of ${request.timeout_milliseconds} ms reached`, true)
    if (stop.aborted) return failed('request cancelled: the stack stopped')
    if (error instanceof BodyTooLarge) {
      return failed(`Response body exceeds the ${MAX_RESPONSE_BYTES} bytes the stack keeps`)
    }
    return failed(describeFailure(error))
  }
}
