// The Functions of each schema in the generated types: the functions PostgREST can call, their
// overloads, Args and Returns, and SetofOptions for those returning a table's, view's or
// composite type's rows.
import type { Catalog, CatalogColumn, CatalogFunction } from './catalog-types.ts'
import { byName, EMPTY, quote, tsType } from './typescript-text.ts'

export class FunctionRenderer {
  constructor(
    private readonly catalog: Catalog,
    private readonly columnsOf: Map<number, CatalogColumn[]>
  ) {}

  /** Functions PostgREST can call: every input argument named, or a single unnamed one. */
  functionsOf(schema: string): CatalogFunction[] {
    return this.catalog.functions
      .filter((fn) => {
        if (fn.schema !== schema) return false
        const inArgs = fn.args.filter((a) => ['in', 'inout', 'variadic'].includes(a.mode))
        return inArgs.every((a) => a.name !== '') || inArgs.length === 1
      })
      .sort(byName)
  }

  functions(schema: string): string {
    const grouped = new Map<string, CatalogFunction[]>()
    for (const fn of this.functionsOf(schema)) {
      grouped.set(fn.name, [...(grouped.get(fn.name) ?? []), fn])
    }
    if (grouped.size === 0) return EMPTY
    return [...grouped]
      .map(([name, overloads]) => {
        const shapes = overloads.map((fn) => this.functionShape(fn)).sort()
        return `${quote(name)}: ${shapes.length === 1 ? shapes[0] : shapes.map((s) => `| ${s}`).join('\n')}`
      })
      .join('\n')
  }

  private functionShape(fn: CatalogFunction): string {
    const inArgs = fn.args.filter((a) => a.mode === 'in').sort(byName)
    const args =
      inArgs.length === 0
        ? 'never'
        : `{ ${inArgs
            .map((a) => `${quote(a.name)}${a.hasDefault ? '?' : ''}: ${this.tsType(a.type)}`)
            .join('\n')} }`
    const relation = this.relationById(fn.returnRelationId)
    const setof = relation
      ? `SetofOptions: {
        from: ${quote(this.computedFrom(fn) ?? '*')}
        to: ${quote(relation.name)}
        isOneToOne: ${!fn.returnsSet}
        isSetofReturn: ${fn.returnsSet}
      }`
      : ''
    return `{ Args: ${args}
      Returns: ${this.returns(fn)}${fn.returnsSet ? '[]' : ''}
      ${setof}
    }`
  }

  /** A function over one table's row (a computed relationship) embeds from that table. */
  private computedFrom(fn: CatalogFunction): string | null {
    const inArgs = fn.args.filter((a) => a.mode === 'in')
    if (inArgs.length !== 1) return null
    const type = inArgs[0]?.type
    return this.catalog.relations.some((r) => r.kind === 'table' && r.name === type)
      ? (type ?? null)
      : null
  }

  private returns(fn: CatalogFunction): string {
    const tableArgs = fn.args.filter((a) => a.mode === 'table').sort(byName)
    if (tableArgs.length > 0) {
      return `{
        ${tableArgs.map((a) => `${quote(a.name)}: ${this.tsType(a.type)}`).join('\n')}
      }`
    }
    const relation = this.relationById(fn.returnRelationId)
    if (relation && relation.kind !== 'composite') {
      const columns = this.columnsOf.get(relation.id) ?? []
      return `{
        ${columns
          .map((c) => `${quote(c.name)}: ${this.tsType(c.type)}${c.nullable ? ' | null' : ''}`)
          .join('\n')}
      }`
    }
    return this.tsType(fn.returnType)
  }

  private relationById(
    id: number | null
  ): { id: number; name: string; kind: 'table' | 'view' | 'composite' } | null {
    if (id === null) return null
    const relation = this.catalog.relations.find((r) => r.id === id)
    if (relation) return relation
    const composite = this.catalog.types.find((t) => t.relationId === id)
    return composite ? { id, name: composite.name, kind: 'composite' } : null
  }

  private tsType(pgType: string): string {
    return tsType(this.catalog, pgType)
  }
}
