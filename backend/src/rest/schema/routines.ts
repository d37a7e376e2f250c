// Functions in the schema cache: their parameters and result shapes (the computed relationships
// they define are relationship-map.ts's).
import type { RawRoutine } from '../../catalog/rows.ts'
import type { Routine, RoutineParam, RoutineReturn } from './types.ts'

const VOLATILITY = { v: 'volatile', s: 'stable', i: 'immutable' } as const

/** The types of a single unnamed parameter that takes the whole body. */
const SINGLE_BODY_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml'])

export function buildRoutine(raw: RawRoutine): Routine | null {
  if (raw.return_base_type === 'trigger' || raw.return_base_type === 'event_trigger') return null
  const modes = raw.arg_modes ?? raw.arg_types.map(() => 'i')
  const names = raw.arg_names ?? []
  const inputs: { name: string; type: string; variadic: boolean }[] = []
  const outputs: { name: string; type: string }[] = []
  raw.arg_types.forEach((type, i) => {
    const mode = modes[i] ?? 'i'
    const name = names[i] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v')
      inputs.push({ name, type, variadic: mode === 'v' })
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type })
  })
  // PostgREST's schema cache leaves out what it cannot call: all parameters unnamed, unless there
  // is one of a type a raw body can be (its `callable`).
  if (raw.arg_names === null && inputs.length > 0) {
    if (inputs.length > 1 || !SINGLE_BODY_TYPES.has(inputs[0]?.type ?? '')) return null
  }
  const firstDefault = inputs.length - raw.n_defaults
  const params: RoutineParam[] = inputs.map((p, i) => ({
    name: p.name,
    type: p.type,
    // A variadic parameter without a default is required, as PostgREST counts it.
    required: i < firstDefault,
    variadic: p.variadic,
  }))
  let returns: RoutineReturn
  if (raw.return_base_type === 'void') {
    returns = { kind: 'void' }
  } else if (raw.return_typtype === 'c') {
    returns = {
      kind: 'composite',
      setOf: raw.set_of,
      relation:
        raw.return_schema !== null && raw.return_relation !== null
          ? { schema: raw.return_schema, name: raw.return_relation }
          : null,
      typeName: raw.return_base_type,
      columns: raw.return_columns ?? [],
    }
  } else if (outputs.length > 0) {
    // OUT, INOUT or TABLE parameters make a row, as PostgREST's rettype_is_composite: named by
    // the returned type (`record`, or a lone OUT parameter's type).
    returns = {
      kind: 'composite',
      setOf: raw.set_of,
      relation: null,
      typeName: raw.return_base_type,
      columns: outputs,
    }
  } else {
    returns = {
      kind: 'scalar',
      type: raw.return_type,
      baseType: raw.return_base_type,
      setOf: raw.set_of,
    }
  }
  return {
    oid: raw.oid,
    schema: raw.schema,
    name: raw.name,
    description: raw.description,
    params,
    returns,
    volatility: VOLATILITY[raw.volatility],
  }
}
