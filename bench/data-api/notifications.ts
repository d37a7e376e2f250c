// The email job's due query (private.due_notification_emails, supabase/migrations/
// *_chorus_notifications_email.sql) with 100,000 unread mentions pending: 10,000 messages that
// each mention 10 people, queued by the trigger as the app's sends queue them. Timed twice: while
// none is due yet (the job's usual case: every 10 s it finds nothing) and once all are due (it
// takes the 500 longest due and keeps the unread, not muted ones). "Server time" is the executor's
// own figure (EXPLAIN ANALYZE without per-node timing), as the cron job runs it (superuser).
//
//   node --import tsx bench/data-api/notifications.ts [--messages 10000] [--iterations 200]
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import type { Sql } from 'postgres'
import { startBenchStack } from '../support/stack.ts'

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    iterations: { type: 'string', default: '200' },
  },
})
const MESSAGES = Number(values.messages)
const ITERATIONS = Number(values.iterations)
const PEOPLE = 10
const CHANNELS = 10

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

async function person(sql: Sql, name: string): Promise<string> {
  const id = randomUUID()
  await sql`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
    values (${id}, 'authenticated', 'authenticated', ${`${name}@example.test`}, now(),
      ${sql.json({ display_name: name })})`
  return id
}

async function serverTime(sql: Sql, query: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = []
  for (let i = 0; i < ITERATIONS + 20; i++) {
    const [plan] = (await sql.unsafe(
      `explain (analyze, timing off, format json) ${query}`
    )) as unknown as { 'QUERY PLAN': { 'Execution Time': number }[] }[]
    if (i >= 20) times.push(plan!['QUERY PLAN'][0]!['Execution Time'])
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

async function main(): Promise<void> {
  const { sql, stop } = await startBenchStack('notifications')
  try {
    const author = await person(sql, 'author')
    const people: string[] = []
    for (let i = 0; i < PEOPLE; i++) people.push(await person(sql, `reader-${i}`))
    const asUser = (id: string) => JSON.stringify({ sub: id, role: 'authenticated' })
    const [workspace] = await sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${asUser(author)}, true)`
      return tx<{ id: string }[]>`select id from public.create_workspace('Bench')`
    })
    const ws = workspace!.id
    const [invite] = await sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${asUser(author)}, true)`
      return tx<{ token: string }[]>`select token from public.create_invite(${ws})`
    })
    for (const id of people) {
      await sql.begin(async (tx) => {
        await tx`select set_config('request.jwt.claims', ${asUser(id)}, true)`
        await tx`select public.accept_invite(${invite!.token})`
      })
    }
    const channels = await sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${asUser(author)}, true)`
      const ids: string[] = []
      for (let i = 0; i < CHANNELS; i++) {
        const [c] = await tx<{ id: string }[]>`
          select id from public.create_channel(${ws}, ${`room-${i}`}, 'public', '', ${people})`
        ids.push(c!.id)
      }
      return ids
    })
    const mentions = people.map((id) => `<@${id}>`).join(' ')

    // Only the bench's own mentions are pending (not what setting up the people queued).
    await sql`delete from private.email_queue`
    const began = performance.now()
    await sql`
      insert into public.messages (channel_id, author_id, body)
      select (${channels}::uuid[])[1 + g % ${CHANNELS}], ${author}, ${mentions} || ' look ' || g
      from generate_series(1, ${MESSAGES}::int) as g`
    const setupSeconds = (performance.now() - began) / 1000
    const [{ pending }] = (await sql`select count(*)::int as pending from private.email_queue`) as [
      { pending: number },
    ]
    if (pending !== MESSAGES * PEOPLE)
      throw new Error(`${pending} pending, not ${MESSAGES * PEOPLE}`)
    await sql`analyze`

    const query = 'select * from private.due_notification_emails(500)'
    const noneDue = await serverTime(sql, query)
    await sql`update private.email_queue set due_at = now() - interval '1 minute'`
    await sql`analyze private.email_queue`
    const [{ due }] = (await sql.unsafe(`select count(*)::int as due from (${query}) q`)) as [
      { due: number },
    ]
    const allDue = await serverTime(sql, query)
    // Half of them read: the query still returns the first 500's unread ones.
    await sql`update public.channel_members set last_read_seq = (
      select c.last_seq / 2 from public.channels c where c.id = channel_id)
      where user_id = any (${people})`
    const halfRead = await serverTime(sql, query)

    console.log(
      `\nDue-notification query, ${pending.toLocaleString('en')} unread mentions pending (${MESSAGES.toLocaleString('en')} messages x ${PEOPLE} people), server time, ${ITERATIONS} iterations (ms)\n`
    )
    const rows: [string, { p50: number; p95: number }][] = [
      ['none due yet', noneDue],
      [`all due (returns ${due} of the first 500)`, allDue],
      ['all due, the older half read', halfRead],
    ]
    for (const [name, f] of rows) {
      console.log(
        `${name.padEnd(44)} p50 ${f.p50.toFixed(2).padStart(7)}   p95 ${f.p95.toFixed(2).padStart(7)}`
      )
    }
    const worst = Math.max(...rows.map(([, f]) => f.p95))
    console.log(
      `\ntarget: under 20 ms server time: ${worst < 20 ? 'met' : 'not met'} (worst p95 ${worst.toFixed(2)} ms)`
    )
    console.log(`setup (${MESSAGES} messages through the triggers): ${setupSeconds.toFixed(1)} s`)
  } finally {
    await stop()
  }
}

await main()
