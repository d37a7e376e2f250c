// Retention on 1,000,000 messages (20 channels, over 400 days, one in 21 a thread reply, one in
// 10 with a reaction, all in the search index), the workspace keeping 90 days: one run of
// Supabase Cron's command (`call private.run_retention()`, as postgres) deletes about three in
// four, in its batches. Printed: rows/s; each batch transaction's length as pg_stat_activity
// shows it (its xact_start, sampled every few ms), the longest against the 200 ms target; and a
// chat writer's latency (send_message through REST as a member, one after the other) during the
// run next to the same writer just before it (the baseline in the same run).
//
//   node --import tsx bench/retention/run.ts [--messages 1000000] [--batch 500] [--days 90]
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import type { SupabaseClient } from '@supabase/supabase-js'
import { benchPerson, startBenchStack } from '../support/stack.ts'

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    batch: { type: 'string', default: '250' },
    days: { type: 'string', default: '90' },
  },
})
const MESSAGES = Number(values.messages)
const BATCH = Number(values.batch)
const KEEP_DAYS = Number(values.days)
const CHANNELS = 20
const SPAN_DAYS = 400
const TARGET_MS = 200
const BASELINE_MS = 10_000
const SAMPLE_MS = 5

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

function ok<T extends { error: unknown; data: unknown }>(result: T): T {
  if (result.error) throw new Error(JSON.stringify(result.error))
  return result
}

const ms = (n: number) => `${n.toFixed(1)} ms`

/** Sends messages one after the other until stopped; returns each send's latency. */
function writer(member: SupabaseClient, channel: string) {
  let stopped = false
  const latencies: number[] = []
  const done = (async () => {
    let i = 0
    while (!stopped) {
      const start = performance.now()
      ok(
        await member.rpc('send_message', {
          p_id: randomUUID(),
          p_channel_id: channel,
          p_body: `writer ${i++}`,
        })
      )
      latencies.push(performance.now() - start)
    }
  })()
  return {
    async stop() {
      stopped = true
      await done
      return latencies
    },
  }
}

async function main(): Promise<void> {
  const { stack, sql, stop } = await startBenchStack('retention', { maxConnections: 4 })
  try {
    const { id: userId, client: member } = await benchPerson(
      { stack, sql },
      'bench@example.test',
      'Bench'
    )
    const space = ok(await member.rpc('create_workspace', { p_name: 'Bench' })).data as {
      id: string
    }
    const channels: string[] = []
    for (let c = 0; c < CHANNELS; c++) {
      const made = ok(
        await member.rpc('create_channel', { p_workspace_id: space.id, p_name: `room-${c}` })
      ).data as { id: string }
      channels.push(made.id)
    }
    // The writer's own channel: the run deletes nothing there (a channel kept forever).
    const chat = ok(
      await member.rpc('create_channel', { p_workspace_id: space.id, p_name: 'chat' })
    ).data as { id: string }
    ok(await member.rpc('set_channel_retention', { p_channel_id: chat.id, p_keep_days: null }))

    // Bulk load as a restore does: the rows as a dump holds them (sequence numbers, threads and
    // the search index written out, the tables' own triggers off while they load). Message g is
    // in channel g % 20, the messages spread evenly over 400 days, oldest first; every 21st is a
    // reply in the thread of message g - 20 (the same channel). One in ten has a reaction.
    const began = performance.now()
    await sql.begin(async (tx) => {
      for (const table of ['messages', 'reactions', 'threads'])
        await tx.unsafe(`alter table public.${table} disable trigger user`)
      await tx`
        create temporary table bench_ids on commit drop as
        select g, gen_random_uuid() as id from generate_series(1, ${MESSAGES}::int) as g`
      await tx`
        insert into public.messages (id, channel_id, seq, thread_seq, in_channel, parent_id,
          author_id, body, created_at)
        select b.id, (${channels}::uuid[])[1 + b.g % ${CHANNELS}],
          case when p.id is null then b.g end, case when p.id is not null then 1 end,
          p.id is null, p.id, ${userId}, 'message number ' || b.g || ' about the release',
          now() - make_interval(secs => (${SPAN_DAYS} * 86400.0 * (${MESSAGES} - b.g) / ${MESSAGES}))
        from bench_ids b left join bench_ids p on p.g = b.g - 20 and b.g % 21 = 0`
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
        insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
        select m.id, ${space.id}, m.channel_id, m.created_at, private.search_fold(m.body)
        from public.messages m where m.channel_id = any (${channels}::uuid[])`
      await tx`
        update public.channels c set last_seq = n.last_seq
        from (
          select channel_id, max(seq) as last_seq from public.messages
          where channel_id = any (${channels}::uuid[]) group by channel_id
        ) n
        where c.id = n.channel_id`
      for (const table of ['messages', 'reactions', 'threads'])
        await tx.unsafe(`alter table public.${table} enable trigger user`)
    })
    await sql`analyze`
    const loadSeconds = (performance.now() - began) / 1000
    const [before] = await sql<{ n: string; expired: string }[]>`
      select count(*)::text as n,
        count(*) filter (where created_at < now() - make_interval(days => ${KEEP_DAYS}))::text as expired
      from public.messages where channel_id = any (${channels}::uuid[])`
    ok(
      await member.rpc('set_workspace_retention', {
        p_workspace_id: space.id,
        p_keep_days: KEEP_DAYS,
      })
    )

    // The baseline: the writer alone.
    const baseline = writer(member, chat.id)
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS))
    const quiet = await baseline.stop()

    // The run, as Supabase Cron runs it, with the writer and the sampler beside it.
    const job = await sql.reserve()
    const [backend] = await job<{ pid: number }[]>`select pg_backend_pid() as pid`
    const pid = backend!.pid
    // A connection of its own for the sampler.
    const sampler = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
    const transactions = new Map<string, number>()
    let sampling = true
    const sampled = (async () => {
      while (sampling) {
        const rows = await sampler<{ xact: string | null; held: number | null }[]>`
          select xact_start::text as xact,
            extract(epoch from clock_timestamp() - xact_start) * 1000 as held
          from pg_stat_activity where pid = ${pid}`
        const row = rows[0]
        if (row?.xact && row.held !== null) {
          transactions.set(row.xact, Math.max(transactions.get(row.xact) ?? 0, Number(row.held)))
        }
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
      }
    })()
    const during = writer(member, chat.id)
    const runBegan = performance.now()
    await job`set role postgres`
    await job.unsafe(`call private.run_retention(${BATCH})`)
    const runSeconds = (performance.now() - runBegan) / 1000
    const busy = await during.stop()
    sampling = false
    await sampled
    await job`reset role`
    job.release()
    await sampler.end({ timeout: 2 })

    const [after] = await sql<{ n: string }[]>`
      select count(*)::text as n from public.messages where channel_id = any (${channels}::uuid[])`
    const [audit] = await sql<{ details: Record<string, number> }[]>`
      select details from public.audit_log where action = 'retention.run' order by id desc limit 1`
    const deleted = Number(audit?.details.messages ?? 0)
    if (Number(before!.n) - deleted !== Number(after!.n)) {
      console.warn(`counts disagree: ${before!.n} - ${deleted} deleted != ${after!.n}`)
    }
    const lengths = [...transactions.values()]
    const longest = Math.max(...lengths)
    console.log(`retention bench: ${MESSAGES} messages over ${SPAN_DAYS} days in ${CHANNELS} channels,
  loaded in ${loadSeconds.toFixed(1)} s; ${before!.expired} older than ${KEEP_DAYS} days
run: ${deleted} messages deleted (${audit?.details.kept_as_deleted ?? 0} kept as deleted for younger replies) in ${runSeconds.toFixed(1)} s = ${Math.round(deleted / runSeconds)} rows/s, batches of ${BATCH}: ${audit?.details.batches ?? '?'}
batch transactions (pg_stat_activity every ${SAMPLE_MS} ms, ${lengths.length} seen): p50 ${ms(percentile(lengths, 50))}, p99 ${ms(percentile(lengths, 99))}, longest ${ms(longest)} (target ${TARGET_MS} ms: ${longest <= TARGET_MS ? 'met' : 'MISSED'})
writer (send_message through REST, one after the other):
  before the run: ${quiet.length} sends, p50 ${ms(percentile(quiet, 50))}, p99 ${ms(percentile(quiet, 99))}, max ${ms(Math.max(...quiet))}
  during the run: ${busy.length} sends, p50 ${ms(percentile(busy, 50))}, p99 ${ms(percentile(busy, 99))}, max ${ms(Math.max(...busy))}`)
  } finally {
    await stop()
  }
}

await main()
