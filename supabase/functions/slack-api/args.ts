// The arguments of a Slack Web API call (pure; the function and its tests share it). Slack takes
// them from the query string and from the body, JSON (application/json) or a form
// (application/x-www-form-urlencoded, where arrays such as `blocks` are JSON strings); the token
// may be one of them (`token`) as well as the Authorization header. A malformed body is a
// SlackError with Slack's own error text: `invalid_json`, `json_not_object`, `invalid_form_data`,
// `invalid_array_arg`, `invalid_arg_name`, `invalid_post_type`, `invalid_charset`; a wrong
// argument type is `invalid_arguments`. The `ts` of a message, how Slack names it, is the
// message's creation time in microseconds: `<unix seconds>.<6 digits>` (Slack's own shape,
// ordered as the messages are); it names the message within its channel.
import { jsonDepth } from '../_shared/json-depth.ts'

export const MAX_BODY_BYTES = 256 * 1024
const MAX_DEPTH = 12

export class SlackError extends Error {
  constructor(
    readonly code: string,
    readonly detail?: string
  ) {
    super(detail ?? code)
  }
}

export type Args = Record<string, unknown>

/** The call's arguments: the query string's, then the body's (which win). */
export function readArgs(query: URLSearchParams, body: string, contentType: string | null): Args {
  const args: Args = Object.fromEntries(query)
  const [type = '', ...params] = (contentType ?? '').split(';').map((s) => s.trim().toLowerCase())
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice(8)
    .replace(/"/g, '')
  if (charset && !['utf-8', 'utf8', 'iso-8859-1'].includes(charset)) {
    throw new SlackError('invalid_charset', `The charset ${charset.slice(0, 40)} is not utf-8.`)
  }
  if (body.trim() === '') return args
  if (type === 'application/json') {
    if (jsonDepth(body) > MAX_DEPTH) {
      throw new SlackError('invalid_json', `The JSON is nested deeper than ${MAX_DEPTH} levels.`)
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      throw new SlackError('invalid_json', 'The body is not valid JSON.')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new SlackError('json_not_object', 'The JSON body must be an object.')
    }
    return { ...args, ...(parsed as Args) }
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    if (/%(?![0-9a-f]{2})/i.test(body)) {
      throw new SlackError('invalid_form_data', 'The form data is not URL-encoded.')
    }
    const form = new URLSearchParams(body)
    for (const key of form.keys()) {
      if (/\[.*\]/.test(key)) {
        throw new SlackError('invalid_array_arg', `${key.slice(0, 40)}: arrays are sent as JSON.`)
      }
      if (!/^[A-Za-z0-9_]{1,64}$/.test(key)) {
        throw new SlackError('invalid_arg_name', `${key.slice(0, 40)} is not an argument name.`)
      }
    }
    return { ...args, ...Object.fromEntries(form) }
  }
  throw new SlackError(
    'invalid_post_type',
    `Send application/json or application/x-www-form-urlencoded, not ${type.slice(0, 60)}.`
  )
}

const wrongType = (name: string, what: string) =>
  new SlackError('invalid_arguments', `${name} must be ${what}.`)

/** A string argument ('' and absent are null). */
export function stringArg(args: Args, name: string, max = 50_000): string | null {
  const value = args[name]
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string') throw wrongType(name, 'a string')
  if (value.length > max) throw wrongType(name, `at most ${max} characters`)
  return value
}

export function requiredString(args: Args, name: string, missing = 'invalid_arguments'): string {
  const value = stringArg(args, name)
  if (value === null) throw new SlackError(missing, `${name} is required.`)
  return value
}

/** A boolean argument: true/false, or as a form sends it ("true", "1", "false", "0"). */
export function boolArg(args: Args, name: string): boolean {
  const value = args[name]
  if (value === undefined || value === null || value === '') return false
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === '1' || value === 1) return true
  if (value === 'false' || value === '0' || value === 0) return false
  throw wrongType(name, 'true or false')
}

/** An integer argument in [min, max] (Slack clamps limits; a non-number is refused). */
export function intArg(args: Args, name: string, fallback: number, min: number, max: number) {
  const value = args[name]
  if (value === undefined || value === null || value === '') return fallback
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  if (!Number.isInteger(n)) throw wrongType(name, 'an integer')
  return Math.min(Math.max(n, min), max)
}

/** A message's ts from its creation time in microseconds since the epoch. */
export function tsOf(micros: string | bigint): string {
  const value = BigInt(micros)
  const seconds = value / 1_000_000n
  const rest = (value % 1_000_000n).toString().padStart(6, '0')
  return `${seconds}.${rest}`
}

/** The microseconds a ts names, or null when it is not one of ours. */
export function microsOf(ts: string): string | null {
  const match = /^(\d{1,12})\.(\d{6})$/.exec(ts)
  return match ? (BigInt(match[1]!) * 1_000_000n + BigInt(match[2]!)).toString() : null
}

/** A ts argument (string, as Slack sends it), or null. */
export function tsArg(args: Args, name: string): string | null {
  const value = stringArg(args, name, 40)
  if (value === null) return null
  const micros = microsOf(value)
  if (micros === null) throw wrongType(name, 'a message ts such as 1700000000.123456')
  return micros
}

/** history/replies' opaque cursor: the next page starts after this sequence number. */
export function cursorOf(seq: string | number | bigint): string {
  return btoa(`seq:${seq}`)
}

export function seqOfCursor(cursor: string | null): string | null {
  if (cursor === null) return null
  let text: string
  try {
    text = atob(cursor)
  } catch {
    throw new SlackError('invalid_cursor', 'The cursor is not one this API gave.')
  }
  const match = /^seq:(\d{1,18})$/.exec(text)
  if (!match) throw new SlackError('invalid_cursor', 'The cursor is not one this API gave.')
  return match[1]!
}
