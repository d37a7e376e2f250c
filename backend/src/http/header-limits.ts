// The header bound of Realtime: the Supabase CLI starts Realtime with MAX_HEADER_LENGTH from
// [realtime] max_header_length (4,096 bytes by default), which Cowboy applies to each header
// value. A request with a longer one, WebSocket upgrade or HTTP, is answered 431 with an empty
// body and the connection closed, before anything else reads it. (Cowboy checks the bound only
// while a value is still arriving; this checks every value, so it is the stricter of the two.)
import type { Duplex } from 'node:stream'

/** Whether any header value in Node's `rawHeaders` (name, value, name, value…) is longer. */
export function headerValueBeyond(rawHeaders: readonly string[], maxLength: number): boolean {
  // rawHeaders are latin1 strings: one character per byte, as the wire has them.
  for (let i = 1; i < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] as string).length > maxLength) return true
  }
  return false
}

/** Cowboy's answer on a connection whose upgrade request has a header value too long. */
export function refuseHeaderTooLong(socket: Duplex): void {
  socket.end(
    'HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'
  )
}
