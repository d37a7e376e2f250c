// Accept negotiation among the media types PostgREST produces for tables, functions and the root.
import { errors } from '../errors.ts'

/** geojson: a FeatureCollection of the rows (PostGIS's ST_AsGeoJSON of each), as PostgREST's. */
export type MediaKind = 'json' | 'object' | 'csv' | 'geojson' | 'openapi'

export interface Media {
  kind: MediaKind
  /** `nulls=stripped`: keys with null values are left out of objects. */
  stripNulls: boolean
}

interface Requested {
  type: string
  params: Record<string, string>
  q: number
}

function parseAccept(header: string): Requested[] {
  const list: Requested[] = []
  for (const part of header.split(',')) {
    const [rawType = '', ...rawParams] = part.split(';')
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
    const q = params.q === undefined ? 1 : Number(params.q)
    list.push({ type, params, q: Number.isFinite(q) ? q : 1 })
  }
  // Stable sort by quality, highest first.
  return list
    .map((item, i) => ({ item, i }))
    .sort((a, b) => b.item.q - a.item.q || a.i - b.i)
    .map(({ item }) => item)
}

function kindOf(requested: Requested, offered: MediaKind[]): MediaKind | null {
  const stripped = requested.params.nulls === 'stripped'
  switch (requested.type) {
    case '*/*':
    case 'application/*':
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

/** The media type to answer with; throws PostgREST's 406 when none of `offered` is acceptable. */
export function negotiate(header: string | undefined, offered: MediaKind[]): Media {
  const requested = parseAccept(header === undefined || header.trim() === '' ? '*/*' : header)
  for (const item of requested) {
    if (item.q <= 0) continue
    const kind = kindOf(item, offered)
    if (kind !== null) return { kind, stripNulls: item.params.nulls === 'stripped' }
  }
  throw errors.mediaType(requested.map((r) => r.type))
}

export function contentTypeOf(media: Media): string {
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
