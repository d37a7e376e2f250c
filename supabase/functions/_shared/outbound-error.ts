// What safeFetch (safe-fetch.ts) throws: a code a caller can switch on, and a sentence a person
// can read.
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
