// search_messages() as the app calls it (role authenticated, the caller's claims), for the
// search tests.
import { randomBytes } from 'node:crypto'
import type { Sql } from 'postgres'
import { asRole } from './world.ts'
import type { Person } from './world.ts'

export interface SearchArgs {
  workspace: string
  terms?: string[]
  excluded?: string[]
  in?: string[]
  from?: string[]
  mentions?: string[]
  hasFile?: boolean
  hasLink?: boolean
  isThread?: boolean
  after?: Date | null
  before?: Date | null
  order?: string
  limit?: number
}

export interface SearchHit {
  id: string
  channel_id: string
  seq: string
  author_id: string
  parent_id: string | null
  created_at: Date
  snippet: string
  file_names: string[]
  rank: number
}

export function searchAs(sql: Sql, person: Person | null, a: SearchArgs): Promise<SearchHit[]> {
  return asRole(
    sql,
    person,
    (tx) => tx<SearchHit[]>`
      select * from public.search_messages(
        p_workspace_id => ${a.workspace},
        p_terms => ${a.terms ?? []}::text[],
        p_excluded => ${a.excluded ?? []}::text[],
        p_in => ${a.in ?? []}::text[],
        p_from => ${a.from ?? []}::text[],
        p_mentions => ${a.mentions ?? []}::text[],
        p_has_file => ${a.hasFile ?? false},
        p_has_link => ${a.hasLink ?? false},
        p_is_thread => ${a.isThread ?? false},
        p_after => ${a.after ?? null},
        p_before => ${a.before ?? null},
        p_order => ${a.order ?? 'newest'},
        p_limit => ${a.limit ?? 20}
      )`
  )
}

/** A word no other message has (letters only, so it folds to itself). */
export function uniqueWord(prefix = 'zq'): string {
  return prefix + Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('')
}
