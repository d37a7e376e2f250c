// Expressions: fields with JSON paths, casts, filters and logic trees, orderings.
import type { Field, OpExpr, SimpleOperator } from '../parse/types.ts'
import type { Condition, PlannedOrder } from '../plan/types.ts'
import type { Column } from '../schema/types.ts'
import { ident, join, param, raw, sql } from './fragment.ts'
import type { Fragment } from './fragment.ts'

/** A string literal that is safe whatever standard_conforming_strings says. */
export function literal(value: string): Fragment {
  return raw(`E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`)
}

const CAST = /^[A-Za-z_][A-Za-z0-9_$]*( [A-Za-z_][A-Za-z0-9_$]*)*$/

/** A type name from the request (`::int`, `::character varying`); the grammar admits no quotes. */
export function typeName(name: string): Fragment {
  if (!CAST.test(name)) throw new Error(`invalid type name ${JSON.stringify(name)}`)
  return raw(name)
}

export function fieldExpr(alias: string, field: Field): Fragment {
  let expr = field.name === '*' ? sql`${ident(alias)}.*` : sql`${ident(alias)}.${ident(field.name)}`
  for (const step of field.jsonPath) {
    // Index digits passed the grammar (-?[0-9]+); keys are literals.
    const key = step.index ? raw(step.key) : literal(step.key)
    expr = sql`${expr}${raw(step.arrow)}${key}`
  }
  return expr
}

export function castExpr(expr: Fragment, cast: string | undefined): Fragment {
  return cast === undefined ? expr : sql`CAST(${expr} AS ${typeName(cast)})`
}

const OPERATORS: Record<SimpleOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}

const FTS_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const

/** `{"a","b\"c"}`: a Postgres array literal of text items. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}

function opExpr(lhs: Fragment, expr: OpExpr, column: Column | null, isJsonPath: boolean): Fragment {
  const operation = expr.operation
  let out: Fragment
  switch (operation.kind) {
    case 'op': {
      const op = raw(OPERATORS[operation.op])
      const value =
        operation.op === 'like' || operation.op === 'ilike'
          ? operation.value.replace(/\*/g, '%')
          : operation.value
      out = operation.quantifier
        ? sql`${lhs} ${op} ${raw(operation.quantifier.toUpperCase())}(${param(value)})`
        : sql`${lhs} ${op} ${param(value)}`
      break
    }
    case 'in':
      out = sql`${lhs} = ANY(${param(arrayLiteral(operation.values))})`
      break
    case 'is': {
      const words = {
        null: 'NULL',
        not_null: 'NOT NULL',
        true: 'TRUE',
        false: 'FALSE',
        unknown: 'UNKNOWN',
      }
      out = sql`${lhs} IS ${raw(words[operation.value])}`
      break
    }
    case 'isdistinct':
      out = sql`${lhs} IS DISTINCT FROM ${param(operation.value)}`
      break
    case 'fts': {
      const fn = raw(FTS_FUNCTIONS[operation.op])
      const config = operation.config === undefined ? null : param(operation.config)
      const wrap = isJsonPath || (column !== null && column.baseType !== 'tsvector')
      const vector = !wrap
        ? lhs
        : config
          ? sql`to_tsvector(${config}, ${lhs})`
          : sql`to_tsvector(${lhs})`
      const query = config
        ? sql`${fn}(${param(operation.config ?? null)}, ${param(operation.value)})`
        : sql`${fn}(${param(operation.value)})`
      out = sql`${vector} @@ ${query}`
      break
    }
  }
  return expr.negated ? sql`NOT (${out})` : out
}

/** Renders conditions of the level aliased `alias`, ANDed. */
export function conditionExpr(alias: string, condition: Condition): Fragment {
  switch (condition.kind) {
    case 'filter':
      return opExpr(
        fieldExpr(alias, condition.field),
        condition.expr,
        condition.column,
        condition.field.jsonPath.length > 0
      )
    case 'embed-null': {
      const test = condition.negated ? 'IS NOT NULL' : 'IS NULL'
      return sql`${ident(condition.lateral)}.${ident(condition.marker)} ${raw(test)}`
    }
    case 'inner':
      return sql`${ident(condition.lateral)}.${ident(condition.marker)} IS NOT NULL`
    case 'logic': {
      const parts = condition.children.map((c) => conditionExpr(alias, c))
      const combined = sql`(${join(parts, condition.op === 'and' ? ' AND ' : ' OR ')})`
      return condition.negated ? sql`NOT ${combined}` : combined
    }
  }
}

export function whereClause(parts: Fragment[]): Fragment {
  return parts.length === 0 ? sql`` : sql` WHERE ${join(parts, ' AND ')}`
}

export function orderClause(alias: string, order: PlannedOrder[]): Fragment {
  if (order.length === 0) return sql``
  const terms = order.map((term) => {
    const target =
      term.target.kind === 'field'
        ? fieldExpr(alias, term.target.field)
        : sql`${ident(term.target.lateral)}.${ident(term.target.hidden)}`
    const direction = term.direction === 'desc' ? ' DESC' : term.direction === 'asc' ? ' ASC' : ''
    const nulls =
      term.nulls === 'first' ? ' NULLS FIRST' : term.nulls === 'last' ? ' NULLS LAST' : ''
    return sql`${target}${raw(direction + nulls)}`
  })
  return sql` ORDER BY ${join(terms, ', ')}`
}

export function limitClause(limit: bigint | null, offset: bigint | null): Fragment {
  const parts: Fragment[] = []
  if (limit !== null) parts.push(sql` LIMIT ${param(limit.toString())}`)
  if (offset !== null) parts.push(sql` OFFSET ${param(offset.toString())}`)
  return join(parts, '')
}
