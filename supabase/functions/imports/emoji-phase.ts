// The import's custom emoji phase (emoji.ts), after the messages: at most EMOJI_BATCH emoji (and
// EMOJI_CALL_MS of uploads and downloads) a call of private.import_custom_emoji, each committing
// the checkpoint {phase: 'emoji', offset} with its heartbeat, so that a slice whose time is up goes
// on where it stopped.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import type { Sql } from 'npm:postgres@3'
import type { Archive } from '../_shared/archive/read.ts'
import type { ReportItem } from '../_shared/archive/zip.ts'
import { EMOJI_BATCH, emojiOf, uploadEmoji } from './emoji.ts'
import type { ImportRow } from './people.ts'

const json = (value: unknown) => JSON.stringify(value)

/**
 * The archive's custom emoji from `offset` on (0: from the start), EMOJI_BATCH at a time, while
 * `mayGoOn` (the slice's time and batches); 'done' once all are in, 'more' when the slice must
 * stop, 'stopped' when the import no longer runs.
 */
export async function importEmoji(
  sql: Sql,
  admin: SupabaseClient,
  row: ImportRow,
  archive: Archive,
  from: number,
  mayGoOn: () => boolean,
  batchSize = EMOJI_BATCH
): Promise<'done' | 'more' | 'stopped'> {
  const listReport: ReportItem[] = []
  const emoji = await emojiOf(archive, listReport)
  let offset = from
  // The list's own report goes in with the first call (an archive with only bad entries too).
  let first = offset === 0 && listReport.length > 0
  while (offset < emoji.length || first) {
    if (!mayGoOn()) return 'more'
    const report = first || offset === 0 ? listReport : []
    first = false
    const part = emoji.slice(offset, offset + batchSize)
    const have = await sql<{ names: string[] }[]>`
      select name || aliases as names from public.custom_emoji where workspace_id = ${row.workspace_id}`
    const taken = new Set(have.flatMap((e) => e.names))
    const { rows, done } = await uploadEmoji(
      admin,
      archive,
      row.id,
      row.workspace_id,
      part,
      taken,
      report
    )
    offset += done
    const [made] = await sql<{ n: number }[]>`
      select private.import_custom_emoji(${row.id}, ${json(rows)}::text::jsonb,
        ${json(report)}::text::jsonb, ${json({ phase: 'emoji', offset })}::text::jsonb) as n`
    if (made!.n < 0) return 'stopped'
  }
  return 'done'
}
