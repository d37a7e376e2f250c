// The request generator of the fuzz test: grammar-shaped query strings (select lists, filters,
// logic trees, orders, ranges) with random mutations, hostile values, junk headers and bodies,
// from a seeded PRNG so that a failure can be replayed (FUZZ_SEED).
import { seededRandom } from '../support/seeded-random.ts'
import { ALICE, BOB } from './fixture.ts'
import {
  COLUMNS,
  EMBEDS,
  FUNCTIONS,
  HOSTILE,
  OPERATORS,
  TABLES,
  VALUES,
} from './fuzz-vocabulary.ts'

export const SEED = Number(process.env.FUZZ_SEED ?? 20240101)

const random = seededRandom(SEED)
const int = (n: number) => Math.floor(random() * n)
const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
const maybe = (p: number) => random() < p

function value(): string {
  return pick(VALUES)
}

function selectItem(depth: number): string {
  const r = int(10)
  if (r < 5) {
    let item = pick(COLUMNS)
    if (maybe(0.2)) item = `alias${int(9)}:${item}`
    if (maybe(0.15)) item += pick(['::text', '::int', '::nope', '::jsonb', '::"x"', '::int;drop'])
    if (maybe(0.15)) item += pick(['->a', '->>b', '->0', '->>-1', '->"k\'s"'])
    if (maybe(0.05)) item += pick(['.sum()', '.count()', '.avg()'])
    return item
  }
  if (r < 8 && depth < 3) {
    const spread = maybe(0.15) ? '...' : ''
    const join = maybe(0.2) ? pick(['!inner', '!left', '!billing', '!nope']) : ''
    return `${spread}${pick(EMBEDS)}${join}(${selectList(depth + 1)})`
  }
  return pick(['count()', ...HOSTILE])
}

function selectList(depth = 0): string {
  return Array.from({ length: 1 + int(3) }, () => selectItem(depth)).join(',')
}

function filterValue(): string {
  const not = maybe(0.15) ? 'not.' : ''
  const op = pick(OPERATORS)
  if (op === 'in') return `${not}in.(${Array.from({ length: int(4) }, value).join(',')})`
  if (op === 'is')
    return `${not}is.${pick(['null', 'true', 'false', 'unknown', 'not_null', 'maybe'])}`
  return `${not}${op}.${value()}`
}

function logicTree(depth: number): string {
  const parts = Array.from({ length: 1 + int(3) }, () =>
    depth < 3 && maybe(0.25)
      ? `${maybe(0.2) ? 'not.' : ''}${pick(['and', 'or'])}${logicTree(depth + 1)}`
      : `${pick(COLUMNS)}.${filterValue()}`
  )
  return `(${parts.join(',')})`
}

function queryParam(): [string, string] {
  switch (int(12)) {
    case 0:
      return ['select', selectList()]
    case 1:
      return [
        'order',
        `${pick(COLUMNS)}${pick(['', '.asc', '.desc', '.desc.nullslast', '.nullsfirst', '.sideways'])}`,
      ]
    case 2:
      return [
        pick(['limit', 'offset', 'directors.limit', 'films.offset']),
        pick(['0', '1', '2', '-1', 'x', '99999999999999999999']),
      ]
    case 3:
      return [pick(['or', 'and', 'not.or', 'films.or']), logicTree(0)]
    case 4:
      return ['columns', pick(['"id","name"', 'id,nope', '"', 'title'])]
    case 5:
      return ['on_conflict', pick(['id', 'name', 'nope', ''])]
    case 6:
      return [`${maybe(0.2) ? `${pick(EMBEDS)}.` : ''}${pick(COLUMNS)}`, filterValue()]
    case 7:
      return [pick(HOSTILE), pick(HOSTILE)]
    case 8:
    case 9:
    case 10:
      return [
        pick(['id', 'year', 'title', 'name']),
        pick(['eq.1', 'gt.1900', 'lt.3', 'like.*a*', 'is.null', 'in.(1,2)']),
      ]
    default:
      return [pick(['a', 'b', 'since', 'n', 'name', 'nums']), value()]
  }
}

function encode(raw: string): string {
  // Mutations may split a surrogate pair: make the text well-formed first.
  const text = Buffer.from(raw).toString()
  // Mostly form-encoded as postgrest-js does; sometimes raw, to exercise the decoder.
  if (maybe(0.2)) return text.replace(/[&#\s]/g, encodeURIComponent)
  return encodeURIComponent(text).replace(/%20/g, '+')
}

function mutate(text: string): string {
  if (!maybe(0.1) || text.length === 0) return text
  const at = int(text.length)
  switch (int(3)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1)
    case 1:
      return (
        text.slice(0, at) + pick(['(', ')', ',', '.', '"', ':', '!', '%', '\\']) + text.slice(at)
      )
    default:
      return text.slice(0, at)
  }
}

function body(): string | undefined {
  switch (int(8)) {
    case 0:
      return undefined
    case 1:
      return '{"id": 900, "name": "fuzz"}'
    case 2:
      return JSON.stringify(
        Array.from({ length: 1 + int(3) }, () => ({ [pick(COLUMNS)]: value() }))
      )
    case 3:
      return JSON.stringify({
        [pick(COLUMNS)]: value(),
        [pick(COLUMNS)]: maybe(0.5) ? null : int(100),
      })
    case 4:
      return pick([
        '{',
        '[',
        'null',
        '1',
        '"x"',
        '[]',
        '{}',
        '[1,2]',
        '{"a":{"b":{"c":[{}]}}}',
        'id,name\n1,x',
      ])
    case 5:
      return JSON.stringify({ task: value(), user_id: pick([ALICE, BOB, 'x']) })
    case 6:
      return JSON.stringify({ a: int(10), b: value(), since: 1900, n: int(5), nums: [1, 2] })
    default:
      return `{"${pick(HOSTILE).replace(/"/g, '')}": "${pick(HOSTILE).replace(/["\\]/g, '')}"}`
  }
}

export interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body: string | undefined
}

/** A random request; `tokens` are bearer tokens to choose from ('' for none). */
export function fuzzRequest(anonKey: string, tokens: string[]): FuzzRequest {
  const method = pick([
    'GET',
    'GET',
    'GET',
    'HEAD',
    'POST',
    'POST',
    'PATCH',
    'PUT',
    'DELETE',
    'OPTIONS',
  ])
  const target = maybe(0.25)
    ? `rpc/${pick(FUNCTIONS)}`
    : maybe(0.05)
      ? pick(['', 'a/b', 'rpc', 'rpc/', '%ZZ'])
      : pick(TABLES)
  const params = Array.from({ length: int(4) }, queryParam)
  const query = params.map(([k, v]) => `${encode(mutate(k))}=${encode(mutate(v))}`).join('&')
  const headers: Record<string, string> = { apikey: anonKey }
  const token = pick(tokens)
  if (token) headers.authorization = `Bearer ${token}`
  if (maybe(0.3)) {
    headers.prefer = Array.from({ length: 1 + int(3) }, () =>
      pick([
        'return=representation',
        'return=minimal',
        'return=headers-only',
        'count=exact',
        'count=planned',
        'count=estimated',
        'resolution=merge-duplicates',
        'resolution=ignore-duplicates',
        'missing=default',
        'handling=strict',
        'max-affected=1',
        'tx=rollback',
        'tx=commit',
        'timezone=Europe/Paris',
        'timezone=Nowhere',
        'params=single-object',
        'junk',
      ])
    ).join(', ')
  }
  if (maybe(0.2))
    headers.accept = pick([
      'application/json',
      'application/vnd.pgrst.object+json',
      'text/csv',
      'text/html',
      '*/*',
      'application/vnd.pgrst.array+json;nulls=stripped',
      'application/openapi+json',
      ';;;',
    ])
  if (maybe(0.1))
    headers[pick(['accept-profile', 'content-profile'])] = pick([
      'public',
      'api',
      'auth',
      '',
      'pg_catalog',
    ])
  if (maybe(0.1)) headers.range = pick(['0-1', '5-', '9-1', 'items=0-2', 'bytes=x'])
  const payload = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? undefined : body()
  if (payload !== undefined)
    headers['content-type'] = pick([
      'application/json',
      'application/json',
      'text/csv',
      'text/plain',
      'application/x-www-form-urlencoded',
      'image/png',
    ])
  return { method, path: `/${target}${query ? `?${query}` : ''}`, headers, body: payload }
}
