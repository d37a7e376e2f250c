// Request bodies: JSON (what postgrest-js sends), CSV and form-urlencoded (converted to JSON), and
// the raw bodies a function with a single unnamed text/xml/bytea parameter receives.
import { errors } from '../errors.ts'
import { parseQueryString } from '../query-string.ts'

export type Payload =
  | {
      kind: 'json'
      /** The JSON text sent to Postgres. */
      text: string
      shape: 'object' | 'array' | 'scalar'
      /** Keys of the object, or of the first object of an array. */
      keys: string[]
      /** Whether every element of an array is an object with the same keys. */
      uniform: boolean
      /** The parsed value (objects only, for argument names and PUT checks). */
      value: unknown
      /** A form-urlencoded body's pairs, repeated names included (a function's arguments). */
      form?: [string, string][]
    }
  | { kind: 'raw'; mediaType: 'text/plain' | 'text/xml' | 'application/octet-stream'; body: Buffer }

export function mediaTypeOf(contentType: string | undefined): string {
  return (
    (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase() || 'application/json'
  )
}

export function parsePayload(
  body: Buffer | undefined,
  contentType: string | undefined,
  isRpc: boolean
): Payload {
  const media = mediaTypeOf(contentType)
  const bytes = body ?? Buffer.alloc(0)
  switch (media) {
    case 'application/json':
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
    case 'application/vnd.pgrst.array+json': {
      const text = bytes.toString('utf8')
      if (text.trim() === '' && isRpc) return jsonPayload('{}', {})
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        throw errors.invalidBody('Empty or invalid json')
      }
      return jsonPayload(text, value)
    }
    case 'text/csv': {
      const rows = parseCsv(bytes.toString('utf8'))
      return jsonPayload(JSON.stringify(rows), rows)
    }
    case 'application/x-www-form-urlencoded': {
      const object: Record<string, string> = {}
      const form: [string, string][] = []
      for (const [key, value] of parseQueryString(bytes.toString('utf8'))) {
        object[key] = value ?? ''
        form.push([key, value ?? ''])
      }
      return { ...jsonPayload(JSON.stringify(object), object), form }
    }
    case 'text/plain':
    case 'text/xml':
    case 'application/octet-stream':
      if (isRpc) return { kind: 'raw', mediaType: media, body: bytes }
      throw errors.unsupportedContentType(media)
    default:
      throw errors.unsupportedContentType(media)
  }
}

function jsonPayload(text: string, value: unknown): Extract<Payload, { kind: 'json' }> {
  if (Array.isArray(value)) {
    const first: unknown = value[0]
    const keys = isObject(first) ? Object.keys(first) : []
    const signature = keys.slice().sort().join('\u0000')
    const uniform = value.every(
      (item) => isObject(item) && Object.keys(item).sort().join('\u0000') === signature
    )
    return { kind: 'json', text, shape: 'array', keys, uniform, value }
  }
  if (isObject(value)) {
    return { kind: 'json', text, shape: 'object', keys: Object.keys(value), uniform: true, value }
  }
  return { kind: 'json', text, shape: 'scalar', keys: [], uniform: true, value }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** RFC 4180 CSV with a header row; an unquoted NULL is SQL null, as PostgREST reads it. */
export function parseCsv(text: string): Record<string, string | null>[] {
  const records: (string | null)[][] = []
  let record: (string | null)[] = []
  let field = ''
  let quoted = false
  let wasQuoted = false
  let i = 0
  const endField = () => {
    record.push(!wasQuoted && field === 'NULL' ? null : field)
    field = ''
    wasQuoted = false
  }
  while (i < text.length) {
    const ch = text.charAt(i)
    if (quoted) {
      if (ch === '"') {
        if (text.charAt(i + 1) === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
      } else {
        field += ch
      }
      i++
      continue
    }
    if (ch === '"' && field === '') {
      quoted = true
      wasQuoted = true
    } else if (ch === ',') {
      endField()
    } else if (ch === '\n' || ch === '\r') {
      endField()
      records.push(record)
      record = []
      if (ch === '\r' && text.charAt(i + 1) === '\n') i++
    } else {
      field += ch
    }
    i++
  }
  if (quoted) throw errors.invalidBody('Unterminated quoted field in CSV')
  if (field !== '' || wasQuoted || record.length > 0) {
    endField()
    records.push(record)
  }
  const [header, ...rows] = records.filter((r) => !(r.length === 1 && r[0] === ''))
  if (!header) return []
  const names = header.map((h) => h ?? 'NULL')
  return rows.map((row) => {
    if (row.length !== names.length)
      throw errors.invalidBody('All lines must have same number of fields')
    const object: Record<string, string | null> = {}
    names.forEach((name, i) => (object[name] = row[i] ?? null))
    return object
  })
}
