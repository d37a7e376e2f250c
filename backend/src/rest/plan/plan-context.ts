// What every plan is built with (pure): the options, the aliases the SQL builder keeps for
// itself, the media a table's answer may take, and the read tree's context.
import { negotiate } from '../parse/media.ts'
import type { Media, MediaKind } from '../parse/media.ts'
import type { ApiRequest } from '../parse/request.ts'
import type { SchemaCache } from '../schema/types.ts'
import { Aliases } from './aliases.ts'
import type { PlanContext } from './read.ts'

export interface PlanOptions {
  maxRows: number | null
  aggregatesEnabled: boolean
  /** db-plan-enabled: Accept: application/vnd.pgrst.plan answers the statement's EXPLAIN. */
  planEnabled: boolean
}

/** Aliases the SQL builder uses itself; relations named so get a numbered alias instead. */
export const RESERVED_ALIASES = [
  'pgrst_source',
  'pgrst_t',
  'pgrst_args',
  'pgrst_payload',
  'pgrst_body',
]

export const TABLE_MEDIA: MediaKind[] = ['json', 'object', 'csv', 'geojson']

export function media(req: ApiRequest, offered: MediaKind[], options: PlanOptions): Media {
  return negotiate(req.accept, offered, options.planEnabled)
}

export function context(req: ApiRequest, cache: SchemaCache, options: PlanOptions): PlanContext {
  return {
    cache,
    schema: req.schema,
    aliases: new Aliases(RESERVED_ALIASES),
    aggregatesEnabled: options.aggregatesEnabled,
  }
}
