// bench/import: a synthetic Slack export of 200,000 messages (make-archive.ts) imported the way
// an owner imports one, into a stack in a process of its own (Chorus's own supabase/ project):
// the zip uploaded to the imports bucket, `start_import`, the imports Edge Function in its
// slices called through pg_net. It prints the time from start_import to done (target: under 2
// minutes) and the chat's delivery meanwhile: in another workspace one person sends a message
// every 100 ms and another receives it on the channel's live topic, as the app does; a
// message's delivery is from the send to its arrival (p50, p95, p99, max), during the import and
// for 10 s just before it (the baseline in the same run). With --bulk-mib N (issue 49, item 7:
// `--bulk-mib 1900` makes the 2 GiB archive), the archive also holds N MiB of files (48 MiB each,
// as a Chorus export carries them), is written to a file as a stream and uploaded resumably
// (tus-js-client, 6 MB chunks, as the app uploads); the import copies each file into Storage.
// The stack's memory (its whole process tree, PSS and RSS) is printed idle and at its peak during
// the import, and the background functions' process (where the import runs) on its own.
//
//   npm run bench:import -- [--messages 200000] [--bulk-mib 0] [--profile]
//
// --profile: PostgreSQL's time by function during the import (track_functions), the 15 busiest.
// The chat is chat.ts; the resumable upload, resumable-upload.ts.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import ws from 'ws'
import { userToken } from '../realtime/clients.ts'
import type { StackInfo } from '../realtime/clients.ts'
import { percentile } from '../realtime/stats.ts'
import { findDescendant, rssMb, spawnStackChild, treeMemory } from '../support/processes.ts'
import { chat } from './chat.ts'
import { makeArchive, writeArchive } from './make-archive.ts'
import { resumableUpload } from './resumable-upload.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '200000' },
    'send-every': { type: 'string', default: '100' },
    'bulk-mib': { type: 'string', default: '0' },
    profile: { type: 'boolean', default: false },
  },
})
const MESSAGES = Number(values.messages)
const BULK_MIB = Number(values['bulk-mib'])
const SEND_EVERY_MS = Number(values['send-every'])
const BASELINE_MS = 10_000

const startStackChild = () => spawnStackChild<StackInfo>(path.join(here, '../team/stack-child.ts'))

const summary = (xs: number[]) =>
  xs.length === 0
    ? 'no messages'
    : `${xs.length} messages, p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms, ` +
      `p99 ${percentile(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`

function must<T>(result: { data: T | null; error: unknown }, what: string): T {
  if (result.error) throw new Error(`${what}: ${JSON.stringify(result.error)}`)
  return result.data as T
}

async function main(): Promise<void> {
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`
  )
  const made = performance.now()
  const folder = await mkdtemp(path.join(tmpdir(), 'chorus-bench-import-'))
  const zipFile = path.join(folder, 'slack-export.zip')
  const archive =
    BULK_MIB > 0
      ? {
          file: zipFile,
          ...(await writeArchive(zipFile, { messages: MESSAGES, bulkMiB: BULK_MIB })),
        }
      : (() => {
          const made = makeArchive({ messages: MESSAGES })
          return { ...made, bytes: made.zip.length, unpacked: 0 }
        })()
  console.log(
    `archive: ${archive.messages.toLocaleString('en-US')} messages in ${archive.conversations} ` +
      `conversations, ${archive.people} people, ${(archive.bytes / 1024 ** 2).toFixed(1)} MiB` +
      `${archive.unpacked ? ` (${(archive.unpacked / 1024 ** 3).toFixed(2)} GiB unpacked)` : ''} ` +
      `(made in ${((performance.now() - made) / 1000).toFixed(1)} s)`
  )
  const { child, info } = await startStackChild()
  const sql = postgres(info.dbUrl, { max: 2, onnotice: () => {} })
  try {
    const [owner, reader] = [randomUUID(), randomUUID()]
    await sql`
      insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
      values (${owner}, 'authenticated', 'authenticated', 'owner@bench.test', now(), '{"display_name":"Owner"}'),
        (${reader}, 'authenticated', 'authenticated', 'reader@bench.test', now(), '{"display_name":"Reader"}')`
    const as = (id: string): SupabaseClient =>
      createClient(info.apiUrl, info.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as never },
        accessToken: async () => userToken(info.jwtSecret, id),
      })
    const ownerClient = as(owner)
    const readerClient = as(reader)

    // The team already on Chorus: its chat goes on while the history comes in.
    const team = must(
      await ownerClient.rpc('create_workspace', { p_name: 'Team' }).single<{ id: string }>(),
      'create_workspace'
    )
    await sql`insert into public.workspace_members (workspace_id, user_id) values (${team.id}, ${reader})`
    const [general] = await sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${team.id} and is_default`
    await sql`insert into public.channel_members (channel_id, user_id) values (${general!.id}, ${reader})`
    const live = await chat(ownerClient, readerClient, general!.id, SEND_EVERY_MS)

    // The workspace the export goes into.
    const target = must(
      await ownerClient.rpc('create_workspace', { p_name: 'From Slack' }).single<{ id: string }>(),
      'create_workspace'
    )
    const objectPath = `${target.id}/slack-export.zip`
    const uploaded = performance.now()
    if ('file' in archive) {
      await resumableUpload(
        info,
        userToken(info.jwtSecret, owner),
        objectPath,
        archive.file,
        archive.bytes
      )
    } else {
      must(
        await ownerClient.storage
          .from('imports')
          .upload(objectPath, archive.zip, { contentType: 'application/zip' }),
        'upload'
      )
    }
    console.log(`upload: ${((performance.now() - uploaded) / 1000).toFixed(1)} s`)
    const idle = await treeMemory(child.pid!)
    live.start()
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS))
    const before = await live.stop()

    if (values.profile) {
      await sql`alter system set track_functions = 'all'`
      await sql`select pg_reload_conf()`
      await new Promise((resolve) => setTimeout(resolve, 200))
      await sql`select pg_stat_reset()`
    }
    live.start()
    const began = performance.now()
    const started = must(
      await ownerClient
        .rpc('start_import', { p_workspace: target.id, p_path: objectPath })
        .single<{ id: string }>(),
      'start_import'
    )
    let row: Record<string, unknown> | undefined
    let lastPrint = 0
    const peak = { pss: 0, rss: 0, background: 0 }
    let lastSample = 0
    for (;;) {
      if (performance.now() - lastSample > 1_000) {
        lastSample = performance.now()
        const memory = await treeMemory(child.pid!)
        peak.pss = Math.max(peak.pss, memory.pssMb)
        peak.rss = Math.max(peak.rss, memory.rssMb)
        const background = await findDescendant(child.pid!, (cmd) =>
          cmd.includes('background-main')
        )
        if (background)
          peak.background = Math.max(peak.background, await rssMb(background).catch(() => 0))
      }
      ;[row] = await sql`select * from public.imports where id = ${started.id}`
      if (['done', 'failed', 'cancelled'].includes(String(row!.status))) break
      if (performance.now() - lastPrint > 10_000) {
        lastPrint = performance.now()
        console.log(
          `  ${((performance.now() - began) / 1000).toFixed(0)} s: ${row!.status}, ` +
            `${Number(row!.messages_done).toLocaleString('en-US')} of ` +
            `${Number(row!.messages_total).toLocaleString('en-US')} messages`
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const seconds = (performance.now() - began) / 1000
    const during = await live.stop()
    const [counts] = await sql<{ messages: number; channels: number; people: number }[]>`
      select (select count(*)::int from public.messages m join public.channels c on c.id = m.channel_id
                where c.workspace_id = ${target.id}) as messages,
             (select count(*)::int from public.channels where workspace_id = ${target.id}) as channels,
             (select count(*)::int from public.workspace_members where workspace_id = ${target.id}) as people`
    const report = (row!.report as unknown[] | null) ?? []

    console.log(
      `import: ${String(row!.status)} in ${seconds.toFixed(1)} s ` +
        `(${Math.round(Number(row!.messages_done) / seconds).toLocaleString('en-US')} messages/s): ` +
        `${Number(row!.messages_done).toLocaleString('en-US')} of ${Number(row!.messages_total).toLocaleString('en-US')} messages, ` +
        `${String(row!.channels)} conversations, ${String(row!.people)} people, ${report.length} report items`
    )
    console.log(
      `  in the database: ${counts!.messages.toLocaleString('en-US')} messages, ` +
        `${counts!.channels} channels, ${counts!.people} members`
    )
    const reasons = new Map<string, number>()
    for (const item of report as { reason?: string }[]) {
      const reason = String(item.reason ?? '').replace(/\d+/g, 'N')
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
    }
    for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 5))
      console.log(`  report: ${n} x ${reason}`)
    if (values.profile) {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      const top = await sql<{ name: string; calls: number; total: number; self: number }[]>`
        select schemaname || '.' || funcname as name, calls::int, total_time::float8 as total,
          self_time::float8 as self
        from pg_stat_user_functions order by self_time desc limit 15`
      console.log('  where the database spent its time (self ms, total ms, calls):')
      for (const f of top)
        console.log(
          `    ${f.name}: ${f.self.toFixed(0)} ms self, ${f.total.toFixed(0)} ms total, ${f.calls} calls`
        )
    }
    console.log(`  target under 120 s: ${seconds < 120 ? 'met' : 'NOT met'}`)
    console.log(
      `chat delivery before the import (${BASELINE_MS / 1000} s): ${summary(before.deliveries)}`
    )
    console.log(
      `chat delivery during the import: ${summary(during.deliveries)}` +
        `${during.lost ? `, ${during.lost} not delivered within 5 s` : ''}` +
        `${during.failures ? `, ${during.failures} sends failed` : ''}`
    )
    console.log(
      `stack memory (process tree): idle ${idle.pssMb.toFixed(0)} MB PSS (${idle.rssMb.toFixed(0)} MB RSS, ` +
        `${idle.processes} processes); peak during the import ${peak.pss.toFixed(0)} MB PSS ` +
        `(${peak.rss.toFixed(0)} MB RSS); the background functions' process at most ` +
        `${peak.background.toFixed(0)} MB RSS`
    )
    console.log(
      `  target chat p99 under 100 ms during the import: ` +
        `${during.deliveries.length > 0 && percentile(during.deliveries, 99) < 100 ? 'met' : 'NOT met'}`
    )
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`
    )
    await readerClient.removeAllChannels()
  } finally {
    await sql.end({ timeout: 2 })
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    await rm(folder, { recursive: true, force: true })
  }
}

await main()
