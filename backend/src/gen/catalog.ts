// What `gen types typescript` describes, from the catalog's rows as catalog/read.ts reads them
// for it and for REST's schema cache alike: the relations, columns, foreign keys and functions
// of the chosen schemas, and every enum and composite type. catalogOf is pure.
import type { Sql } from 'postgres'
import { readCatalogRows } from '../catalog/read.ts'
import type { CatalogReading, RoutineRow } from '../catalog/rows.ts'
import type { Catalog, CatalogArgument, CatalogFunction } from './catalog-types.ts'

const MODES: Record<string, CatalogArgument['mode']> = {
  i: 'in',
  o: 'out',
  b: 'inout',
  v: 'variadic',
  t: 'table',
}

/** A function's arguments: an input argument has a default when it is among the last
 * pronargdefaults input arguments. */
function argumentsOf(routine: RoutineRow): CatalogArgument[] {
  const modes = routine.arg_type_names.map((_, i) => routine.arg_modes?.[i] ?? 'i')
  const isInput = (mode: string) => mode === 'i' || mode === 'v'
  return routine.arg_type_names.map((type, i) => ({
    name: routine.arg_names?.[i] ?? '',
    mode: MODES[modes[i]!]!,
    type,
    hasDefault: isInput(modes[i]!) && modes.slice(i).filter(isInput).length <= routine.n_defaults,
  }))
}

// Trigger functions are not callable through the API (aggregates and procedures are not read).
const callable = (routine: RoutineRow) =>
  routine.return_type_name !== 'trigger' && routine.return_type_name !== 'event_trigger'

/** The catalog gen renders, of the rows read for the given schemas. */
export function catalogOf(rows: CatalogReading): Catalog {
  const names = rows.present
  return {
    schemas: names,
    relations: rows.relations.map((r) => ({
      id: r.oid,
      schema: r.schema,
      name: r.name,
      kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
      updatable: r.auto_updatable,
    })),
    columns: rows.columns.map((c) => ({
      relationId: c.oid,
      name: c.name,
      type: c.base_type,
      nullable: c.nullable,
      hasDefault: c.has_default,
      identity: c.identity === 'a' ? 'ALWAYS' : c.identity === 'd' ? 'BY DEFAULT' : null,
      updatable: c.writable,
    })),
    relationships: rows.constraints
      .filter((c) => c.type === 'f' && names.includes(c.schema))
      .map((c) => ({
        name: c.name,
        schema: c.schema,
        relation: c.relation,
        columns: c.column_names,
        referencedSchema: c.foreign_schema!,
        referencedRelation: c.foreign_relation!,
        referencedColumns: c.foreign_column_names!,
        oneToOne: c.one_to_one,
      })),
    functions: rows.routines.filter(callable).map((r): CatalogFunction => ({
      schema: r.schema,
      name: r.name,
      args: argumentsOf(r),
      returnType: r.return_type_name,
      returnRelationId: r.return_type_relation,
      returnsSet: r.set_of,
    })),
    types: rows.types.map((t) => ({
      schema: t.schema,
      name: t.name,
      enums: t.enums,
      attributes: t.attributes,
      relationId: t.relation_id,
    })),
  }
}

/** The catalog of the given schemas (those that exist), read in one read-only transaction. */
export async function readCatalog(sql: Sql, schemas: string[]): Promise<Catalog> {
  return catalogOf(await readCatalogRows(sql, schemas))
}
