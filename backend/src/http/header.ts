// A request header's value as one string: the first when the client sent the header more than
// once (Node gives an array then), undefined when it is absent.
import type { IncomingHttpHeaders } from 'node:http'

/** The first value of the header `name` (lower case, as Node keys them). */
export function header(
  request: { headers: IncomingHttpHeaders },
  name: string
): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}
