// One time slice of an import: from the checkpoint on, phase by phase (people, channels, the
// messages of each conversation's day files in batches, the custom emoji (emoji-phase.ts),
// finish), until done, the time is up or the tests' batch limit is reached. Every batch commits its checkpoint with its rows.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import type { Sql } from 'npm:postgres@3'
import { jsonItems } from '../_shared/archive/json-stream.ts'
import type { Archive } from '../_shared/archive/read.ts'
import type { SlackMessage } from '../_shared/archive/slack.ts'
import type { ReportItem } from '../_shared/archive/zip.ts'
import { EMOJI_BATCH } from './emoji.ts'
import { importEmoji } from './emoji-phase.ts'
import { copyFiles } from './files.ts'
import { placeholderRows } from './people.ts'
import type { ImportRow } from './people.ts'
import { batchOf, channelRows } from './plan.ts'
import type { Batch, Maps } from './plan.ts'

export const BATCH = 2000
/**
 * A batch ends once its messages carry this many bytes of files from the zip (a Chorus export's):
 * each batch commits, with its heartbeat, well within the minute after which the cron job takes
 * a slice for dead, however big the files.
 */
export const BATCH_FILE_BYTES = 64 * 1024 ** 2

export interface Checkpoint {
  phase?: 'people' | 'channels' | 'messages' | 'emoji' | 'done'
  conversation?: number
  day?: number
  offset?: number
}

export interface SliceLimits {
  /** Stop starting batches after this time (ms since the epoch). */
  deadline: number
  /** Tests: at most this many batches. */
  maxBatches: number
  /** Messages per batch (BATCH; the tests' setting 'batch_messages' makes it smaller). */
  batchSize: number
}

type Outcome = 'done' | 'more' | 'stopped'

/** A value as the JSON text a `::jsonb` parameter takes (serialized once, here). */
const json = (value: unknown) => JSON.stringify(value)

/**
 * Gives the runtime's other work a turn when this has run for YIELD_MS since the last one:
 * reading and converting day files is synchronous, and where the function shares its process
 * with the API (our stack runs functions in its own Node process) a long run of it would hold up
 * every request and live event meanwhile.
 */
const YIELD_MS = 15
let lastTurn = performance.now()
/** The next turn of the event loop: setImmediate where there is one (a timer waits 1 ms). */
const nextTurn: (resolve: () => void) => void =
  (globalThis as { setImmediate?: (f: () => void) => void }).setImmediate ??
  ((resolve) => setTimeout(resolve, 0))
async function giveWay(): Promise<void> {
  if (performance.now() - lastTurn < YIELD_MS) return
  await new Promise<void>((resolve) => nextTurn(resolve))
  lastTurn = performance.now()
}

async function mapsOf(sql: Sql, row: ImportRow): Promise<Maps> {
  const people = await sql<{ slack_id: string; user_id: string }[]>`
    select slack_id, user_id from private.import_people where import_id = ${row.id}`
  const channels = await sql<
    {
      slack_id: string
      channel_id: string
      name: string | null
      kind: 'public' | 'private' | 'dm'
    }[]
  >`
    select slack_id, channel_id, name, kind::text as kind from private.import_channels
    where import_id = ${row.id}`
  const groups = await sql<{ id: string; handle: string }[]>`
    select id, handle from public.user_groups where workspace_id = ${row.workspace_id}`
  return {
    workspaceId: row.workspace_id,
    people: new Map(people.map((p) => [p.slack_id, p.user_id])),
    channels: new Map(
      channels.map((c) => [
        c.slack_id,
        { id: c.channel_id, name: c.name ?? 'direct message', kind: c.kind },
      ])
    ),
    groups: new Map(groups.map((g) => [g.handle.toLowerCase(), g.id])),
  }
}

/** The archive's messages and files, counted without judging them (for the progress). */
async function totals(archive: Archive): Promise<{ messages: number; files: number }> {
  let messages = 0
  let files = 0
  const ignored: ReportItem[] = []
  for (const conversation of archive.conversations) {
    for (const path of archive.days(conversation)) {
      for await (const { value } of jsonItems(archive.zip.chunks(path), path, ignored)) {
        await giveWay()
        if (typeof value !== 'object' || value === null) continue
        const message = value as { subtype?: unknown; files?: unknown }
        if (
          message.subtype !== undefined &&
          !['bot_message', 'thread_broadcast', 'me_message', 'file_share', 'tombstone'].includes(
            String(message.subtype)
          )
        )
          continue
        messages += 1
        if (Array.isArray(message.files)) files += Math.min(message.files.length, 10)
      }
    }
  }
  return { messages, files }
}

/** The bytes of the files a message carries in the zip (as many as the import copies). */
function zipFileBytes(archive: Archive, message: SlackMessage): number {
  let bytes = 0
  for (const file of message.files.slice(0, 10)) {
    if (file.zipPath) bytes += archive.zip.index.entries.get(file.zipPath)?.size ?? 0
  }
  return bytes
}

/** A day file being read: its messages as they come, how many were taken, what it reported. */
interface Cursor {
  path: string
  messages: AsyncGenerator<SlackMessage>
  taken: number
  report: ReportItem[]
}

/**
 * The day file `path` opened at `offset` messages (an earlier batch took those, and with them
 * what the file reported up to there).
 */
async function openDay(archive: Archive, path: string, offset: number): Promise<Cursor> {
  const report: ReportItem[] = []
  const cursor = { path, messages: archive.messages(path, report), taken: 0, report }
  while (cursor.taken < offset) {
    await giveWay()
    if ((await cursor.messages.next()).done) break
    cursor.taken += 1
  }
  report.length = 0
  return cursor
}

export async function runSlice(
  sql: Sql,
  admin: SupabaseClient,
  row: ImportRow & { checkpoint: Checkpoint },
  archive: Archive,
  limits: SliceLimits
): Promise<Outcome> {
  let checkpoint: Checkpoint = row.checkpoint ?? {}
  let batches = 0
  const phase = checkpoint.phase ?? 'people'
  if (phase === 'people') {
    // The archive's own report (names, lists) goes in once, with the people.
    const people = placeholderRows(archive.users)
    const [progress] = await sql<{ ok: boolean }[]>`
      select private.import_progress(${row.id}, ${json(archive.report)}::text::jsonb, null) as ok`
    if (!progress?.ok) return 'stopped'
    const [added] = await sql<{ n: number }[]>`
      select private.import_people(${row.id}, ${json(people)}::text::jsonb) as n`
    if (added!.n < 0) return 'stopped'
    checkpoint = { phase: 'channels' }
    batches += 1
  }
  if (checkpoint.phase === 'channels') {
    const maps = await mapsOf(sql, row)
    const rows = channelRows(archive, maps)
    const count = await totals(archive)
    const [made] = await sql<{ n: number }[]>`
      select private.import_channels(${row.id}, ${json(rows)}::text::jsonb, ${count.messages}, ${count.files}) as n`
    if (made!.n < 0) return 'stopped'
    checkpoint = { phase: 'messages', conversation: 0, day: 0, offset: 0 }
    batches += 1
  }
  const maps = await mapsOf(sql, row)
  // A batch takes up to batchSize messages from as many day files (of as many conversations) as
  // they come in; the checkpoint is where the next batch starts (a day file cut part way: its
  // offset).
  let c = checkpoint.conversation ?? 0
  let d = checkpoint.day ?? 0
  let offset = checkpoint.offset ?? 0
  // The day file being read, kept open from batch to batch (reopened only by a new slice).
  let cursor: Cursor | null = null
  // (the messages are in: the custom emoji's phase goes on where it stopped)
  if (checkpoint.phase === 'emoji') c = archive.conversations.length
  for (;;) {
    if (c >= archive.conversations.length) break
    if (batches >= limits.maxBatches || Date.now() > limits.deadline) {
      await cursor?.messages.return(undefined)
      return 'more'
    }
    const batch: Batch = { rows: [], reactions: [], files: [], report: [] }
    const report: ReportItem[] = []
    let taken = 0
    let fileBytes = 0
    while (
      c < archive.conversations.length &&
      taken < limits.batchSize &&
      fileBytes < BATCH_FILE_BYTES
    ) {
      const conversation = archive.conversations[c]!
      const days = archive.days(conversation)
      if (d >= days.length) {
        c += 1
        d = 0
        offset = 0
        continue
      }
      const path = days[d]!
      if (cursor?.path !== path) cursor = await openDay(archive, path, offset)
      const part: SlackMessage[] = []
      let end = false
      while (part.length < limits.batchSize - taken && fileBytes < BATCH_FILE_BYTES) {
        await giveWay()
        const next = await cursor.messages.next()
        if (next.done) {
          end = true
          break
        }
        part.push(next.value)
        fileBytes += zipFileBytes(archive, next.value)
      }
      cursor.taken += part.length
      const made = batchOf(archive, maps, conversation, path, part)
      // What the file reported while this part was read (its own trouble, its items'), then the
      // part's.
      report.push(...cursor.report.splice(0), ...made.report)
      batch.rows.push(...made.rows)
      batch.reactions.push(...made.reactions)
      batch.files.push(...made.files)
      taken += Math.max(part.length, 1)
      if (end) {
        d += 1
        offset = 0
        cursor = null
      } else offset += part.length
    }
    const copied = await copyFiles(admin, archive, row.workspace_id, batch.files, report)
    const next = { phase: 'messages', conversation: c, day: d, offset }
    const [done] = await sql<{ n: number }[]>`
      select private.import_messages(${row.id}, ${json(batch.rows)}::text::jsonb,
        ${json(batch.reactions)}::text::jsonb, ${json(copied)}::text::jsonb, ${json(report)}::text::jsonb,
        ${json(next)}::text::jsonb) as n`
    if (done!.n < 0) {
      await cursor?.messages.return(undefined)
      return 'stopped'
    }
    batches += 1
  }
  const emojiPhase = await importEmoji(
    sql,
    admin,
    row,
    archive,
    checkpoint.phase === 'emoji' ? (checkpoint.offset ?? 0) : 0,
    // (asked before each call: each call is a batch)
    () => batches++ < limits.maxBatches && Date.now() <= limits.deadline,
    Math.min(EMOJI_BATCH, limits.batchSize)
  )
  if (emojiPhase !== 'done') return emojiPhase
  const [finished] = await sql<{ status: string | null }[]>`
    select (private.import_finish(${row.id}, '[]'::jsonb)).status`
  return finished?.status === 'done' ? 'done' : 'stopped'
}
