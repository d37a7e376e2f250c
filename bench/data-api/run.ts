// The data API's hot paths on a channel of 100,000 messages, against the real stack, each next
// to a baseline measured in the same run:
//   - opening a channel (the latest 50 messages) through REST as a member (RLS) vs the same
//     request as service_role (no RLS) and vs a channel of 20 messages;
//   - message_page() (with reactions and attachments), paging back to the middle of the channel;
//   - channel_list() (sidebar with unread counts) for a member of 50 channels;
//   - send_message() into the big channel vs into the small one;
//   - the same latest-page query in SQL as the member vs as superuser;
//   - a 100,000-row insert through the triggers (rows per second).
//
//   node --import tsx bench/data-api/run.ts [--messages 100000] [--iterations 200]
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { benchPerson, startBenchStack } from '../support/stack.ts'

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '200' },
  },
})
const MESSAGES = Number(values.messages)
const ITERATIONS = Number(values.iterations)

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

interface Figure {
  name: string
  p50: number
  p95: number
}

async function measure(name: string, fn: () => Promise<unknown>): Promise<Figure> {
  for (let i = 0; i < 20; i++) await fn()
  const times: number[] = []
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  return { name, p50: percentile(times, 50), p95: percentile(times, 95) }
}

function ok<T extends { error: unknown }>(result: T): T {
  if (result.error) throw new Error(JSON.stringify(result.error))
  return result
}

async function main(): Promise<void> {
  const { stack, sql, stop } = await startBenchStack('data')
  try {
    const { id: userId, client: member } = await benchPerson(
      { stack, sql },
      'bench@example.test',
      'Bench'
    )
    const service: SupabaseClient = createClient(stack.apiUrl, stack.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    })

    const workspace = ok(await member.rpc('create_workspace', { p_name: 'Bench' })).data as {
      id: string
    }
    const channels: string[] = []
    for (let i = 0; i < 50; i++) {
      const made = ok(
        await member.rpc('create_channel', { p_workspace_id: workspace.id, p_name: `room-${i}` })
      ).data as { id: string }
      channels.push(made.id)
    }
    const [big, small] = [channels[0]!, channels[1]!]

    const began = performance.now()
    await sql`
      insert into public.messages (channel_id, author_id, body, created_at)
      select ${big}, ${userId}, 'Message ' || g || ': the **quick** brown fox, see https://example.com/' || g,
        now() - make_interval(secs => (${MESSAGES} - g))
      from generate_series(1, ${MESSAGES}::int) as g`
    const insertSeconds = (performance.now() - began) / 1000
    await sql`
      insert into public.messages (channel_id, author_id, body)
      select ${small}, ${userId}, 'small ' || g from generate_series(1, 20) as g`
    await sql`analyze`

    const latest = (client: SupabaseClient, channel: string) => async () =>
      ok(
        await client
          .from('messages')
          .select('*')
          .eq('channel_id', channel)
          .order('seq', { ascending: false })
          .limit(50)
      )
    const figures: Figure[] = []
    figures.push(await measure('REST latest 50, 100k channel, member (RLS)', latest(member, big)))
    figures.push(
      await measure('REST latest 50, 100k channel, service_role (no RLS)', latest(service, big))
    )
    figures.push(await measure('REST latest 50, 20-message channel, member', latest(member, small)))
    figures.push(
      await measure('REST 50 before seq 50000, 100k channel, member', async () =>
        ok(
          await member
            .from('messages')
            .select('*')
            .eq('channel_id', big)
            .lt('seq', MESSAGES / 2)
            .order('seq', { ascending: false })
            .limit(50)
        )
      )
    )
    figures.push(
      await measure('RPC message_page, 100k channel', async () =>
        ok(await member.rpc('message_page', { p_channel_id: big }))
      )
    )
    figures.push(
      await measure('RPC message_page, 20-message channel', async () =>
        ok(await member.rpc('message_page', { p_channel_id: small }))
      )
    )
    figures.push(
      await measure('RPC channel_list, 50 channels incl. 100k', async () =>
        ok(await member.rpc('channel_list', { p_workspace_id: workspace.id }))
      )
    )
    figures.push(
      await measure('RPC send_message into the 100k channel', async () =>
        ok(
          await member.rpc('send_message', { p_id: randomUUID(), p_channel_id: big, p_body: 'hi' })
        )
      )
    )
    figures.push(
      await measure('RPC send_message into the 20-message channel', async () =>
        ok(
          await member.rpc('send_message', {
            p_id: randomUUID(),
            p_channel_id: small,
            p_body: 'hi',
          })
        )
      )
    )
    const claims = JSON.stringify({ sub: userId, role: 'authenticated' })
    figures.push(
      await measure('SQL latest 50, 100k channel, as the member (RLS)', () =>
        sql.begin(async (tx) => {
          await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`
          return tx`select * from public.messages where channel_id = ${big} order by seq desc limit 50`
        })
      )
    )
    figures.push(
      await measure('SQL latest 50, 100k channel, as superuser (no RLS)', () =>
        sql.begin(
          (tx) =>
            tx`select * from public.messages where channel_id = ${big} order by seq desc limit 50`
        )
      )
    )

    const by = (name: string) => figures.find((f) => f.name.startsWith(name))!
    console.log(`\nChorus data API, ${MESSAGES} messages, ${ITERATIONS} iterations each (ms)\n`)
    for (const f of figures) {
      console.log(
        `${f.name.padEnd(56)} p50 ${f.p50.toFixed(2).padStart(7)}   p95 ${f.p95.toFixed(2).padStart(7)}`
      )
    }
    const ratio = (a: string, b: string) => (by(a).p50 / by(b).p50).toFixed(2)
    console.log('\nratios (p50)')
    console.log(
      `  RLS / no RLS, REST latest page:          ${ratio('REST latest 50, 100k channel, member', 'REST latest 50, 100k channel, service_role')}`
    )
    console.log(
      `  100k / 20 messages, REST latest page:    ${ratio('REST latest 50, 100k channel, member', 'REST latest 50, 20-message')}`
    )
    console.log(
      `  100k / 20 messages, message_page:        ${ratio('RPC message_page, 100k', 'RPC message_page, 20-message')}`
    )
    console.log(
      `  100k / 20 messages, send_message:        ${ratio('RPC send_message into the 100k', 'RPC send_message into the 20-message')}`
    )
    console.log(
      `  RLS / superuser, SQL latest page:        ${ratio('SQL latest 50, 100k channel, as the member', 'SQL latest 50, 100k channel, as superuser')}`
    )
    console.log(
      `\nbulk insert through the triggers: ${MESSAGES} rows in ${insertSeconds.toFixed(1)} s (${Math.round(MESSAGES / insertSeconds)} rows/s)`
    )
  } finally {
    await stop()
  }
}

await main()
