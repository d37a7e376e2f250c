// A workspace export of 200,000 messages (10 channels over 400 days, one in 21 a thread reply, one
// in 10 with a reaction, one in 50 edited with its earlier version kept) and 10 files of 2 MiB
// (random bytes: half text, deflated, half zip archives, stored),
// the way an owner asks for it: request_export() through REST, pg_net, the exports Edge
// Function (in this process: the stack runs here), the zip streamed into Storage. Printed: how
// long until the row is done, messages/s, the zip's size, and this process's memory while it
// builds (RSS and JS heap, sampled every 50 ms, against what it was just before): the figures
// behind FORMAT.md's "the archive is never whole in memory".
//
//   node --import tsx bench/export/run.ts [--messages 200000] [--files 10] [--file-mib 2]
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { benchPerson, startBenchStack } from '../support/stack.ts'

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '200000' },
    files: { type: 'string', default: '10' },
    'file-mib': { type: 'string', default: '2' },
  },
})
const MESSAGES = Number(values.messages)
const FILES = Number(values.files)
const FILE_BYTES = Number(values['file-mib']) * 1024 * 1024
const CHANNELS = 10
const SPAN_DAYS = 400
const SAMPLE_MS = 50

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

function ok<T extends { error: unknown; data: unknown }>(result: T): T {
  if (result.error) throw new Error(JSON.stringify(result.error))
  return result
}

async function main(): Promise<void> {
  const { stack, sql, stop } = await startBenchStack('export', { maxConnections: 4 })
  try {
    const { id: userId, client: owner } = await benchPerson(
      { stack, sql },
      'owner@example.test',
      'Owner'
    )
    const space = ok(await owner.rpc('create_workspace', { p_name: 'Bench' })).data as {
      id: string
    }
    const channels: string[] = []
    for (let c = 0; c < CHANNELS; c++) {
      const made = ok(
        await owner.rpc('create_channel', { p_workspace_id: space.id, p_name: `room-${c}` })
      ).data as { id: string }
      channels.push(made.id)
    }

    // Bulk load as a restore does (bench/retention's way): message g in channel g % 10, spread
    // over 400 days oldest first; every 21st a reply to message g - 10 (the same channel); one in
    // ten with a reaction; one in fifty edited, its first version kept.
    const began = performance.now()
    const say = (what: string) =>
      console.error(`${((performance.now() - began) / 1000).toFixed(1)} s: ${what}`)
    await sql.begin(async (tx) => {
      for (const table of ['messages', 'reactions', 'threads', 'message_versions'])
        await tx.unsafe(`alter table public.${table} disable trigger user`)
      await tx`
        create temporary table bench_ids on commit drop as
        select g, gen_random_uuid() as id from generate_series(1, ${MESSAGES}::int) as g`
      await tx`
        insert into public.messages (id, channel_id, seq, thread_seq, in_channel, parent_id,
          author_id, body, created_at, edited_at)
        select b.id, (${channels}::uuid[])[1 + b.g % ${CHANNELS}],
          case when p.id is null then b.g end, case when p.id is not null then 1 end,
          p.id is null, p.id, ${userId}, 'message number ' || b.g || ' about the **release**',
          now() - make_interval(secs => (${SPAN_DAYS} * 86400.0 * (${MESSAGES} - b.g) / ${MESSAGES})),
          case when b.g % 50 = 7 then now() end
        from bench_ids b left join bench_ids p on p.g = b.g - 10 and b.g % 21 = 0`
      await tx`
        insert into public.threads (id, channel_id, reply_count, last_seq, last_reply_at)
        select m.parent_id, min(m.channel_id::text)::uuid, count(*), 1, max(m.created_at)
        from public.messages m
        where m.parent_id is not null and m.channel_id = any (${channels}::uuid[])
        group by m.parent_id`
      await tx`
        insert into public.reactions (message_id, channel_id, user_id, emoji)
        select b.id, (${channels}::uuid[])[1 + b.g % ${CHANNELS}], ${userId}, ':tada:'
        from bench_ids b where b.g % 10 = 3`
      await tx`
        insert into public.message_versions (message_id, channel_id, body, written_at, replaced_at)
        select m.id, m.channel_id, 'the first draft', m.created_at, now()
        from public.messages m where m.edited_at is not null and m.channel_id = any (${channels}::uuid[])`
      for (const table of ['messages', 'reactions', 'threads', 'message_versions'])
        await tx.unsafe(`alter table public.${table} enable trigger user`)
    })
    /** Asks for a workspace export as the owner and waits until it ended. */
    async function exportOf(workspace: string) {
      const row = ok(
        await owner
          .rpc('request_export', { p_workspace: workspace, p_kind: 'workspace' })
          .single<{ id: string }>()
      ).data!
      for (;;) {
        const [now] = await sql<
          { status: string; size: number | null; error: string | null; storage_path: string }[]
        >`select status, size, error, storage_path from public.exports where id = ${row.id}`
        if (now!.status === 'failed') throw new Error(`The export failed: ${now!.error}`)
        if (now!.status === 'done') return now!
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }

    say('messages loaded')
    // The files: stored through Storage, attached to the first messages of room-0.
    const admin = createClient(stack.apiUrl, stack.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    })
    const firsts = await sql<{ id: string }[]>`
      select id from public.messages where channel_id = ${channels[0]!} and parent_id is null
      order by created_at limit ${FILES}`
    for (const [i, message] of firsts.entries()) {
      // Half text (deflated into the zip), half zip archives (stored as they are).
      const [name, type] =
        i % 2 === 0 ? [`file-${i}.txt`, 'text/plain'] : [`file-${i}.zip`, 'application/zip']
      const path = `${space.id}/${channels[0]}/${message.id}/${name}`
      ok(
        await admin.storage
          .from('attachments')
          .upload(path, randomBytes(FILE_BYTES), { contentType: type })
      )
      await sql`
        insert into public.attachments (message_id, channel_id, uploader_id, path, name, size, mime_type)
        values (${message.id}, ${channels[0]!}, ${userId}, ${path}, ${name}, ${FILE_BYTES}, ${type})`
    }
    say('files stored')
    await sql`analyze`
    const loadSeconds = (performance.now() - began) / 1000

    // A first export of an empty workspace loads the function (its modules are not the export's
    // memory), then the export, sampled.
    const warm = ok(await owner.rpc('create_workspace', { p_name: 'Warm-up' })).data as {
      id: string
    }
    await exportOf(warm.id)
    say('warm-up export done')
    global.gc?.()
    const base = process.memoryUsage()
    let peakRss = base.rss
    let peakHeap = base.heapUsed
    let peakBuffers = base.arrayBuffers
    let sampling = true
    const sampled = (async () => {
      while (sampling) {
        const now = process.memoryUsage()
        peakRss = Math.max(peakRss, now.rss)
        peakHeap = Math.max(peakHeap, now.heapUsed)
        peakBuffers = Math.max(peakBuffers, now.arrayBuffers)
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
      }
    })()
    const asked = performance.now()
    const done = await exportOf(space.id)
    const seconds = (performance.now() - asked) / 1000
    sampling = false
    await sampled
    const signed = ok(
      await owner.storage.from('exports').createSignedUrl(done.storage_path, 600)
    ).data!
    const response = await fetch(signed.signedUrl)
    let downloaded = 0
    for await (const chunk of response.body!) downloaded += (chunk as Uint8Array).length
    const content = FILES * FILE_BYTES

    console.log(
      [
        `export of ${MESSAGES.toLocaleString('en')} messages and ${FILES} files of ${mib(FILE_BYTES)}`,
        `  loaded in ${loadSeconds.toFixed(1)} s`,
        `  asked to done: ${seconds.toFixed(1)} s (${Math.round(MESSAGES / seconds).toLocaleString('en')} messages/s)`,
        `  zip: ${mib(done.size ?? 0)} (downloaded through the signed URL: ${mib(downloaded)}; the files alone ${mib(content)})`,
        `  this process while it built: RSS ${mib(base.rss)} before, peak ${mib(peakRss)} (+${mib(peakRss - base.rss)}); JS heap ${mib(base.heapUsed)} before, peak ${mib(peakHeap)} (+${mib(peakHeap - base.heapUsed)}); buffers ${mib(base.arrayBuffers)} before, peak ${mib(peakBuffers)} (+${mib(peakBuffers - base.arrayBuffers)})`,
      ].join('\n')
    )
  } finally {
    await stop()
  }
}

await main()
