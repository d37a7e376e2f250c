// Which relationship an embed means (PostgREST Plan.hs findRel): the target is matched against the
// foreign table's name, the FK constraint name or a single FK column; a hint narrows by constraint,
// column on either side or junction table. A self-reference yields a one-to-many and a many-to-one
// over the same key: the one-to-many wins unless the FK column names the embed.
import { errors } from '../errors.ts'
import type { RestError } from '../errors.ts'
import { relationshipsOf } from '../schema/types.ts'
import type { QualifiedName, Relationship, SchemaCache } from '../schema/types.ts'
import { closest } from './fuzzy.ts'

export function findRelationship(
  cache: SchemaCache,
  origin: QualifiedName,
  target: string,
  hint: string | undefined,
  schema: string
): Relationship {
  const all = relationshipsOf(cache, origin, schema)
  const matches = all.filter((rel) =>
    rel.computed
      ? target === rel.computed.name && (hint === undefined || hint === rel.foreignTable.name)
      : (target === rel.foreignTable.name ||
          matchConstraint(target, rel) ||
          matchColumn(target, rel)) &&
        (hint === undefined ||
          matchConstraint(hint, rel) ||
          matchColumn(hint, rel) ||
          matchForeignColumn(hint, rel) ||
          matchJunction(hint, rel))
  )
  if (matches.length === 1) return matches[0] as Relationship
  if (matches.length === 0) {
    const names = new Set(all.map((r) => r.foreignTable.name))
    const suggestion = closest(target, names)
    throw errors.noRelationship(
      origin.name,
      target,
      hint ?? null,
      schema,
      suggestion === null || suggestion === target
        ? null
        : `Perhaps you meant '${suggestion}' instead of '${target}'.`
    )
  }
  if (matches.length === 2) {
    const [a, b] = matches as [Relationship, Relationship]
    const sameKey =
      a.constraint === b.constraint &&
      sameName(a.table, b.table) &&
      sameName(a.foreignTable, b.foreignTable)
    if (sameKey && a.cardinality === 'o2m' && b.cardinality === 'm2o') return a
    if (sameKey && a.cardinality === 'm2o' && b.cardinality === 'o2m') return b
  }
  throw ambiguous(
    origin,
    target,
    [...matches].sort((a, b) =>
      a.constraint < b.constraint ? -1 : a.constraint > b.constraint ? 1 : 0
    )
  )
}

function sameName(a: QualifiedName, b: QualifiedName): boolean {
  return a.schema === b.schema && a.name === b.name
}

function matchConstraint(name: string, rel: Relationship): boolean {
  return rel.cardinality !== 'm2m' && rel.constraint === name
}

function matchColumn(name: string, rel: Relationship): boolean {
  return rel.cardinality !== 'm2m' && rel.columns.length === 1 && rel.columns[0]?.[0] === name
}

function matchForeignColumn(name: string, rel: Relationship): boolean {
  return rel.cardinality !== 'm2m' && rel.columns.length === 1 && rel.columns[0]?.[1] === name
}

function matchJunction(name: string, rel: Relationship): boolean {
  return rel.junction !== null && rel.junction.table.name === name
}

const CARDINALITY = {
  m2o: 'many-to-one',
  o2m: 'one-to-many',
  o2o: 'one-to-one',
  m2m: 'many-to-many',
} as const

function describe(rel: Relationship): string {
  const cols = (pairs: [string, string][], side: 0 | 1) => pairs.map((p) => p[side]).join(', ')
  if (rel.junction) {
    const j = rel.junction
    return `${j.table.name} using ${j.constraint1}(${cols(j.sourceColumns, 1)}) and ${j.constraint2}(${cols(j.targetColumns, 0)})`
  }
  const [fkTable, refTable, fkSide, refSide] =
    rel.cardinality === 'o2m' || (rel.cardinality === 'o2o' && rel.isParent)
      ? [rel.foreignTable, rel.table, 1 as const, 0 as const]
      : [rel.table, rel.foreignTable, 0 as const, 1 as const]
  return `${rel.constraint} using ${fkTable.name}(${cols(rel.columns, fkSide)}) and ${refTable.name}(${cols(rel.columns, refSide)})`
}

function ambiguous(origin: QualifiedName, target: string, rels: Relationship[]): RestError {
  const details = rels.map((rel) => ({
    cardinality: CARDINALITY[rel.cardinality],
    embedding: `${origin.name} with ${rel.foreignTable.name}`,
    relationship: describe(rel),
  }))
  const options = rels
    .map((rel) => `'${target}!${rel.junction ? rel.junction.table.name : rel.constraint}'`)
    .join(', ')
  return errors.ambiguousRelationship(
    origin.name,
    target,
    details,
    `Try changing '${target}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`
  )
}

export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'm2o' || rel.cardinality === 'o2o'
}
