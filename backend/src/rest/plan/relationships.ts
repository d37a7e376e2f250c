// Which relationship an embed means, as PostgREST's Plan.hs findRel decides it: a computed
// relationship by its function's name (any hint ignored); a self-reference's one-to-many by the
// table's name (with a hint: the foreign key column on the children's side), its many-to-one by
// the foreign key column; otherwise the foreign table's name, or (not to a view) the constraint's
// name or the single foreign key column, or with a hint only the foreign table's name, narrowed by
// the hint as constraint, column on either side or junction. None: PGRST200 with PostgREST's
// "Perhaps you meant" hint (Error.hs noRelBetweenHint); several: PGRST201 listing them.
import { errors } from '../errors.ts'
import type { RestError } from '../errors.ts'
import { relationshipKey } from '../schema/relationship-map.ts'
import { relationOf, relationshipsOf } from '../schema/types.ts'
import type { QualifiedName, Relationship, SchemaCache } from '../schema/types.ts'
import { closest, fuzzyMatches } from './fuzzy.ts'

/** `origin` is looked up by name in the request's schema, as PostgREST looks it up. */
export function findRelationship(
  cache: SchemaCache,
  origin: QualifiedName,
  target: string,
  hint: string | undefined,
  schema: string
): Relationship {
  const all = relationshipsOf(cache, origin, schema)
  const matches = all.filter((rel) => matches_(cache, rel, target, hint))
  if (matches.length === 1) return matches[0] as Relationship
  if (matches.length === 0) {
    throw errors.noRelationship(
      origin.name,
      target,
      hint ?? null,
      schema,
      noRelationshipHint(cache, origin, target, schema)
    )
  }
  throw ambiguous(origin.name, target, matches)
}

function matches_(
  cache: SchemaCache,
  rel: Relationship,
  target: string,
  hint: string | undefined
): boolean {
  if (rel.computed) return target === rel.computed.name
  const toTable = target === rel.foreignTable.name
  if (rel.isSelf) {
    if (hint === undefined) {
      return (
        (toTable && rel.cardinality === 'o2m') ||
        (rel.cardinality === 'm2o' && singleColumn(rel, 0) === target)
      )
    }
    return toTable && rel.cardinality === 'o2m' && singleColumn(rel, 1) === hint
  }
  if (hint === undefined) {
    if (toTable) return true
    const toView = relationOf(cache, rel.foreignTable.schema, rel.foreignTable.name)?.isView
    return !toView && (constraintOf(rel) === target || singleColumn(rel, 0) === target)
  }
  return (
    toTable &&
    (constraintOf(rel) === hint ||
      singleColumn(rel, 0) === hint ||
      singleColumn(rel, 1) === hint ||
      rel.junction?.table.name === hint)
  )
}

/** The foreign key's name (none for many-to-many). */
function constraintOf(rel: Relationship): string | undefined {
  return rel.cardinality === 'm2m' ? undefined : rel.constraint
}

/** The origin's (0) or the foreign table's (1) column of a single-column foreign key. */
function singleColumn(rel: Relationship, side: 0 | 1): string | undefined {
  return rel.cardinality !== 'm2m' && rel.columns.length === 1 ? rel.columns[0]?.[side] : undefined
}

/**
 * PostgREST's hint (noRelBetweenHint): when the origin has relationships (even none left in the
 * exposed schemas), the best match among its foreign tables that is not the target itself (a
 * match scoring 1, which fuzzyset gives only to the target's own name, case aside, and then
 * alone); otherwise the closest origin that has relationships.
 */
function noRelationshipHint(
  cache: SchemaCache,
  origin: QualifiedName,
  target: string,
  schema: string
): string | null {
  if (cache.relationships.has(relationshipKey(origin, schema))) {
    const children = relationshipsOf(cache, origin, schema).map((r) => r.foreignTable.name)
    const child = fuzzyMatches(target, children).find((m) => m.score < 1)?.value
    return child === undefined ? null : `Perhaps you meant '${child}' instead of '${target}'.`
  }
  const parents: string[] = []
  for (const key of cache.relationships.keys()) {
    const [, name, keySchema] = key.split('\u0000')
    if (keySchema === schema && name !== undefined) parents.push(name)
  }
  const parent = closest(origin.name, parents)
  return parent === null ? null : `Perhaps you meant '${parent}' instead of '${origin.name}'.`
}

const CARDINALITY = {
  m2o: 'many-to-one',
  o2m: 'one-to-many',
  o2o: 'one-to-one',
  m2m: 'many-to-many',
} as const

/** A candidate as PGRST201's details show it (an empty object for a computed one). */
function describe(rel: Relationship): Record<string, string> {
  if (rel.computed) return {}
  const list = (names: string[]) => `(${names.join(', ')})`
  const j = rel.junction
  const relationship = j
    ? `${j.table.name} using ${j.constraint1}${list(j.sourceColumns.map((p) => p[1]))} and ${j.constraint2}${list(j.targetColumns.map((p) => p[0]))}`
    : `${rel.constraint} using ${rel.table.name}${list(rel.columns.map((p) => p[0]))} and ${rel.foreignTable.name}${list(rel.columns.map((p) => p[1]))}`
  return {
    cardinality: CARDINALITY[rel.cardinality],
    embedding: `${rel.table.name} with ${rel.foreignTable.name}`,
    relationship,
  }
}

function ambiguous(origin: string, target: string, rels: Relationship[]): RestError {
  const options = rels
    .map((rel) =>
      rel.computed
        ? ''
        : `'${rel.foreignTable.name}!${rel.junction ? rel.junction.table.name : rel.constraint}'`
    )
    .join(', ')
  return errors.ambiguousRelationship(
    origin,
    target,
    rels.map(describe),
    `Try changing '${target}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`
  )
}

export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'm2o' || rel.cardinality === 'o2o'
}
