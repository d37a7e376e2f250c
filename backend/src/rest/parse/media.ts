// Accept negotiation among the media types PostgREST produces for tables, functions and the root.
import { errors } from '../errors.ts'

/** geojson: a FeatureCollection of the rows (PostGIS's ST_AsGeoJSON of each), as PostgREST's. */
export type MediaKind = 'json' | 'object' | 'csv' | 'geojson' | 'openapi'

export interface Media {
  kind: MediaKind
  /** `nulls=stripped`: keys with null values are left out of objects. */
  stripNulls: boolean
  /** `application/vnd.pgrst.plan`: the answer is the EXPLAIN of the statement `kind` would run. */
  explain?: Explain
}

export type ExplainOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal'

export interface Explain {
  format: 'json' | 'text'
  options: ExplainOption[]
  /** The `for` media type as PostgREST names it back (toMime). */
  forType: string
}

/** The options in PostgREST's order, whatever the order given. */
const EXPLAIN_OPTIONS: ExplainOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal']

const PLAN_FORMATS: Record<string, Explain['format']> = {
  'application/vnd.pgrst.plan': 'text',
  'application/vnd.pgrst.plan+text': 'text',
  'application/vnd.pgrst.plan+json': 'json',
}

/** The media types decodeMediaType names, each its own toMime; anything else is `other`. */
const NAMED = new Set([
  'application/json',
  'application/geo+json',
  'text/csv',
  'text/plain',
  'text/xml',
  'application/openapi+json',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
])

/** One element of Accept as PostgREST decodes it (decodeMediaType). */
type Decoded =
  | { type: 'any' }
  /** By PostgREST's name (toMime): application/vnd.pgrst.array is application/json. */
  | { type: 'named'; mime: string }
  | { type: 'other'; mime: string }
  | { type: 'array-stripped' }
  | { type: 'object'; stripped: boolean }
  | { type: 'plan'; of: Decoded; format: Explain['format']; options: ExplainOption[] }

/**
 * decodeMediaType: split at `;`, the first part matched exactly (case and all); the vendored
 * array and object types strip nulls only when `nulls=stripped` is their one parameter.
 */
function decode(text: string): Decoded {
  if (text === '') return { type: 'any' }
  const [name = '', ...rest] = text.split(';')
  if (NAMED.has(name)) return { type: 'named', mime: name }
  const format = PLAN_FORMATS[name]
  if (format !== undefined) {
    const given = (rest.find((p) => p.startsWith('options='))?.slice(8) ?? '').split('|')
    const forText = rest.find((p) => p.startsWith('for='))?.slice(4)
    return {
      type: 'plan',
      of: forText === undefined ? JSON_TYPE : decode(unquote(forText)),
      format,
      options: EXPLAIN_OPTIONS.filter((o) => given.includes(o)),
    }
  }
  const stripped = rest.length === 1 && rest[0] === 'nulls=stripped'
  switch (name) {
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { type: 'object', stripped }
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped ? { type: 'array-stripped' } : JSON_TYPE
    case '*/*':
      return { type: 'any' }
    default:
      return { type: 'other', mime: name }
  }
}

const JSON_TYPE: Decoded = { type: 'named', mime: 'application/json' }

/** The `for` value without the double quotes around it (dropAround). */
function unquote(text: string): string {
  return text.replace(/^"+/, '').replace(/"+$/, '')
}

/** PostgREST's name of a decoded type (toMime), as the 406 and a plan's `for` show it. */
function mimeOf(decoded: Decoded): string {
  switch (decoded.type) {
    case 'any':
      return '*/*'
    case 'named':
    case 'other':
      return decoded.mime
    case 'array-stripped':
      return 'application/vnd.pgrst.array+json;nulls=stripped'
    case 'object':
      return `application/vnd.pgrst.object+json${decoded.stripped ? ';nulls=stripped' : ''}`
    case 'plan':
      return planMime({
        format: decoded.format,
        options: decoded.options,
        forType: mimeOf(decoded.of),
      })
  }
}

function planMime(explain: Explain): string {
  const options = explain.options.length > 0 ? `; options=${explain.options.join('|')}` : ''
  return `application/vnd.pgrst.plan+${explain.format}; for="${explain.forType}"${options}`
}

/** Haskell's `reads` of a Double at the start of `text` (what wai-extra's readQ takes), else 1. */
function readQ(text: string): number {
  const match = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(text)
  return match ? Number(match[0]) : 1
}

/**
 * The Accept header as PostgREST reads it (wai-extra's parseHttpAccept): split at `,` (an empty
 * header is no element at all), each element without its spaces and cut at `;q=` (what follows
 * the q-value is dropped), then sorted by q-value and, for equal ones, by specificity (its `;`
 * count less its `*` count), both highest first; ties keep the header's order. Nothing is left
 * out, a q-value of 0 included; an empty element decodes as the wildcard.
 */
function parseAccept(header: string): Decoded[] {
  if (header === '') return []
  const list = header.split(',').map((part) => {
    const element = part.replaceAll(' ', '')
    const cut = element.indexOf(';q=')
    const range = cut === -1 ? element : element.slice(0, cut)
    const q = cut === -1 ? 1 : readQ(element.slice(cut + 3).split(';')[0] ?? '')
    const count = (c: string) => range.split(c).length - 1
    return { range, q, specificity: count(';') - count('*') }
  })
  // Array.prototype.sort is stable.
  return list
    .sort((a, b) => b.q - a.q || b.specificity - a.specificity)
    .map(({ range }) => decode(range))
}

/** What `decoded` is answered with among `offered`, or null (PostgREST's matchMT). */
function match(decoded: Decoded, offered: MediaKind[]): Media | null {
  const plain = (kind: MediaKind): Media | null =>
    offered.includes(kind) ? { kind, stripNulls: false } : null
  switch (decoded.type) {
    // Only */* is a wildcard to PostgREST (application/* is a type it does not produce).
    case 'any':
      return plain(offered.includes('json') ? 'json' : (offered[0] ?? 'json'))
    // The vendored types go wherever the single object does (not the root's OpenAPI).
    case 'array-stripped':
      return offered.includes('object') ? { kind: 'json', stripNulls: true } : null
    case 'object':
      return offered.includes('object') ? { kind: 'object', stripNulls: decoded.stripped } : null
    case 'named':
      switch (decoded.mime) {
        case 'application/json':
          return plain('json')
        case 'text/csv':
          return plain('csv')
        case 'application/geo+json':
          return plain('geojson')
        case 'application/openapi+json':
          return plain('openapi')
        default:
          return null
      }
    case 'other':
    case 'plan':
      return null
  }
}

/**
 * The media type to answer with; throws PostgREST's 406 when none of `offered` is acceptable,
 * listing the types by PostgREST's names in the sorted order (none for an empty header). A plan
 * (EXPLAIN) is acceptable only when `planEnabled` (db-plan-enabled) and its `for` is.
 */
export function negotiate(
  header: string | undefined,
  offered: MediaKind[],
  planEnabled = false
): Media {
  // No Accept header is */*; an empty one is no type at all (parseHttpAccept ""), so a 406.
  const requested: Decoded[] = header === undefined ? [{ type: 'any' }] : parseAccept(header)
  for (const item of requested) {
    if (item.type === 'plan') {
      if (!planEnabled) continue
      const chosen = match(item.of, offered)
      if (chosen === null) continue
      const explain = { format: item.format, options: item.options, forType: mimeOf(item.of) }
      return { ...chosen, explain }
    }
    const chosen = match(item, offered)
    if (chosen !== null) return chosen
  }
  throw errors.mediaType(requested.map(mimeOf))
}

export function contentTypeOf(media: Media): string {
  if (media.explain) return `${planMime(media.explain)}; charset=utf-8`
  switch (media.kind) {
    case 'json':
      return media.stripNulls
        ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8'
        : 'application/json; charset=utf-8'
    case 'object':
      return media.stripNulls
        ? 'application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8'
        : 'application/vnd.pgrst.object+json; charset=utf-8'
    case 'csv':
      return 'text/csv; charset=utf-8'
    case 'geojson':
      return 'application/geo+json; charset=utf-8'
    case 'openapi':
      return 'application/openapi+json; charset=utf-8'
  }
}
