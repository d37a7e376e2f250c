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

interface Requested {
  type: string
  params: Record<string, string>
  q: number
}

/** Haskell's `reads` of a Double at the start of `text` (what wai-extra's readQ takes), else 1. */
function readQ(text: string): number {
  const match = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(text)
  return match ? Number(match[0]) : 1
}

/**
 * The Accept header as PostgREST reads it (wai-extra's parseHttpAccept): each element without its
 * spaces and cut at `;q=` (what follows the q-value is dropped), then sorted by q-value and, for
 * equal ones, by specificity (its `;` count less its `*` count), both highest first; ties keep the
 * header's order. Nothing is left out, a q-value of 0 included.
 */
function parseAccept(header: string): Requested[] {
  const list: { item: Requested; specificity: number }[] = []
  for (const part of header.split(',')) {
    const element = part.replaceAll(' ', '')
    const cut = element.indexOf(';q=')
    const range = cut === -1 ? element : element.slice(0, cut)
    const q = cut === -1 ? 1 : readQ(element.slice(cut + 3).split(';')[0] ?? '')
    const [rawType = '', ...rawParams] = range.split(';')
    const type = rawType.trim().toLowerCase()
    if (type === '') continue
    const params: Record<string, string> = {}
    for (const p of rawParams) {
      const eq = p.indexOf('=')
      if (eq === -1) continue
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1')
    }
    const count = (c: string) => range.split(c).length - 1
    list.push({ item: { type, params, q }, specificity: count(';') - count('*') })
  }
  // Array.prototype.sort is stable.
  return list
    .sort((a, b) => b.item.q - a.item.q || b.specificity - a.specificity)
    .map(({ item }) => item)
}

function kindOf(requested: Requested, offered: MediaKind[]): MediaKind | null {
  const stripped = requested.params.nulls === 'stripped'
  switch (requested.type) {
    // Only */* is a wildcard to PostgREST (application/* is a type it does not produce).
    case '*/*':
      return offered.includes('json') ? 'json' : (offered[0] ?? null)
    case 'application/json':
      return offered.includes('json') ? 'json' : null
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return offered.includes('json') ? 'json' : null
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return offered.includes('object') ? 'object' : null
    case 'text/csv':
      return offered.includes('csv') && !stripped ? 'csv' : null
    case 'application/geo+json':
      return offered.includes('geojson') ? 'geojson' : null
    case 'application/openapi+json':
      return offered.includes('openapi') ? 'openapi' : null
    default:
      return null
  }
}

/** PostgREST's name of a media type (toMime), for the `for` of a plan. */
function mimeOf(type: string): string {
  switch (type) {
    case 'application/vnd.pgrst.object':
      return 'application/vnd.pgrst.object+json'
    case 'application/vnd.pgrst.array':
    case 'application/vnd.pgrst.array+json':
      return 'application/json'
    default:
      return type
  }
}

/** A plan media type: its format, options and `for` (application/json unless given). */
function explainOf(requested: Requested): Explain | null {
  const format = PLAN_FORMATS[requested.type]
  if (format === undefined) return null
  const given = (requested.params.options ?? '').split('|').map((o) => o.trim().toLowerCase())
  const forType = (requested.params.for ?? 'application/json').split(';')[0]?.trim().toLowerCase()
  return {
    format,
    options: EXPLAIN_OPTIONS.filter((o) => given.includes(o)),
    forType: mimeOf(forType || 'application/json'),
  }
}

function planMime(explain: Explain): string {
  const options = explain.options.length > 0 ? `; options=${explain.options.join('|')}` : ''
  return `application/vnd.pgrst.plan+${explain.format}; for="${explain.forType}"${options}`
}

/**
 * The media type to answer with; throws PostgREST's 406 when none of `offered` is acceptable. A
 * plan (EXPLAIN) is acceptable only when `planEnabled` (db-plan-enabled) and its `for` is.
 */
export function negotiate(
  header: string | undefined,
  offered: MediaKind[],
  planEnabled = false
): Media {
  const requested = parseAccept(header === undefined || header.trim() === '' ? '*/*' : header)
  for (const item of requested) {
    const explain = explainOf(item)
    if (explain) {
      if (!planEnabled) continue
      const kind = kindOf({ type: explain.forType, params: {}, q: 1 }, offered)
      if (kind !== null) return { kind, stripNulls: false, explain }
      continue
    }
    const kind = kindOf(item, offered)
    if (kind !== null) return { kind, stripNulls: item.params.nulls === 'stripped' }
  }
  throw errors.mediaType(
    requested.map((r) => {
      const explain = explainOf(r)
      return explain ? planMime(explain) : r.type
    })
  )
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
