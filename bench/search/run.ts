// Search on 1,000,000 messages in 200 channels of 5 workspaces, through REST as a member under
// RLS (search_messages), next to the naive way in the same run (an `ilike` scan through REST as
// the same member):
//   - a full word ("deployment", in about 1 message in 1,000);
//   - as-you-type prefixes ("dep", "depl", "deplo", "deploy"), each a new request;
//   - quoted phrases, matched as whole words ("deployment of the new", "#17"), and #17 unquoted;
//   - the trigram index's size and build time, and the rows/s of the bulk insert.
//
//   node --import tsx bench/search/run.ts [--messages 1000000] [--iterations 100]
import { parseArgs } from 'node:util'
import { benchPerson, startBenchStack } from '../support/stack.ts'

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    iterations: { type: 'string', default: '100' },
  },
})
const MESSAGES = Number(values.messages)
const ITERATIONS = Number(values.iterations)
const WORKSPACES = 5
const CHANNELS_PER_WORKSPACE = 40

// Ordinary chat words; "deployment" is added to about one message in a thousand.
const WORDS = [
  'the',
  'team',
  'meeting',
  'today',
  'review',
  'please',
  'check',
  'build',
  'release',
  'notes',
  'customer',
  'issue',
  'fixed',
  'thanks',
  'lunch',
  'tomorrow',
  'design',
  'draft',
  'budget',
  'report',
  'shipping',
  'server',
  'client',
  'ticket',
  'sprint',
  'planning',
  'café',
  'Zoë',
  'Müller',
  'naïve',
  'coffee',
  'weekend',
  'question',
  'answer',
  'update',
  'status',
  'green',
  'red',
  'test',
  'staging',
  'production',
  'invoice',
  'contract',
  'partner',
  'launch',
  'video',
]

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

interface Figure {
  name: string
  p50: number
  p95: number
  rows: number
}

async function measure(name: string, fn: (i: number) => Promise<number>): Promise<Figure> {
  for (let i = 0; i < 5; i++) await fn(i)
  const times: number[] = []
  let rows = 0
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now()
    rows = await fn(i)
    times.push(performance.now() - start)
  }
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), rows }
}

function ok<T extends { error: unknown; data: unknown }>(result: T): T {
  if (result.error) throw new Error(JSON.stringify(result.error))
  return result
}

async function main(): Promise<void> {
  const { stack, sql, stop } = await startBenchStack('search')
  try {
    const { id: userId, client: member } = await benchPerson(
      { stack, sql },
      'bench@example.test',
      'Bench'
    )

    const workspaces: string[] = []
    const channels: string[] = []
    for (let w = 0; w < WORKSPACES; w++) {
      const space = ok(await member.rpc('create_workspace', { p_name: `Bench ${w}` })).data as {
        id: string
      }
      workspaces.push(space.id)
      for (let c = 0; c < CHANNELS_PER_WORKSPACE; c++) {
        const made = ok(
          await member.rpc('create_channel', { p_workspace_id: space.id, p_name: `room-${c}` })
        ).data as { id: string }
        channels.push(made.id)
      }
    }

    // Bulk load as a restore does: pg_restore loads the rows with the tables' triggers not yet
    // there (or disabled), each table's rows as dumped, and builds the indexes after. So the
    // messages come with their per-channel sequence numbers, the channels with their last ones,
    // and the search table with its folded text; the trigram index is built once at the end.
    await sql`drop index private.message_search_folded`
    const lastSeq = (
      await sql<{ last: string }[]>`
        select coalesce(max(m.seq), 0)::text as last
        from unnest(${channels}::uuid[]) with ordinality as c (id, ord)
        left join public.messages m on m.channel_id = c.id
        group by c.ord order by c.ord`
    ).map((r) => Number(r.last))
    const began = performance.now()
    await sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`
      await tx`
        insert into public.messages (id, channel_id, seq, in_channel, author_id, body, created_at)
        select gen_random_uuid(), (${channels}::uuid[])[1 + g % ${channels.length}],
          (${lastSeq}::bigint[])[1 + g % ${channels.length}] + g / ${channels.length} + 1, true,
          ${userId},
          w[1 + (g * 7) % n] || ' ' || w[1 + (g * 13) % n] || ' ' || w[1 + (g * 31) % n] || ' '
            || w[1 + (g * 53) % n] || ' ' || w[1 + (g * 97) % n] || ' #' || g
            || case when g % 1000 = 0 then ' deployment of the new build' else '' end,
          now() - make_interval(secs => (${MESSAGES} - g))
        from generate_series(1, ${MESSAGES}::int) as g,
          (select ${WORDS}::text[] as w, ${WORDS.length}::int as n) as v`
      await tx`
        update public.channels c set last_seq = n.last_seq, last_message_at = n.last_at
        from (
          select m.channel_id, max(m.seq) as last_seq, max(m.created_at) as last_at
          from public.messages m group by m.channel_id
        ) as n
        where c.id = n.channel_id`
      await tx`
        insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
        select m.id, c.workspace_id, m.channel_id, m.created_at, private.search_fold(m.body)
        from public.messages m join public.channels c on c.id = m.channel_id
        on conflict (message_id) do nothing`
    })
    const insertSeconds = (performance.now() - began) / 1000
    const indexBegan = performance.now()
    await sql`
      create index message_search_folded on private.message_search
        using gin (folded extensions.gin_trgm_ops)`
    const indexSeconds = (performance.now() - indexBegan) / 1000
    await sql`analyze`
    const [size] = await sql<{ index: string; search: string; table: string }[]>`
      select pg_size_pretty(pg_relation_size('private.message_search_folded')) as index,
        pg_size_pretty(pg_table_size('private.message_search')) as search,
        pg_size_pretty(pg_table_size('public.messages')) as table`

    const workspace = workspaces[0]!
    const search = (terms: (i: number) => string[]) => async (i: number) =>
      (
        ok(await member.rpc('search_messages', { p_workspace_id: workspace, p_terms: terms(i) }))
          .data as unknown[]
      ).length
    // The naive way: ilike over the bodies of the workspace's channels, newest first.
    const wsChannels = channels.slice(0, CHANNELS_PER_WORKSPACE)
    const naive = (word: (i: number) => string) => async (i: number) =>
      (
        ok(
          await member
            .from('messages')
            .select('id, channel_id, seq, author_id, created_at, body')
            .in('channel_id', wsChannels)
            .ilike('body', `%${word(i)}%`)
            .is('deleted_at', null)
            .order('created_at', { ascending: false })
            .limit(20)
        ).data as unknown[]
      ).length
    const prefixes = ['dep', 'depl', 'deplo', 'deploy']

    const figures: Figure[] = [
      await measure(
        'search_messages, full word "deployment"',
        search(() => ['deployment'])
      ),
      await measure(
        'ilike scan (naive), "deployment"',
        naive(() => 'deployment')
      ),
      await measure(
        'search_messages, as-you-type prefixes dep→deploy',
        search((i) => [prefixes[i % prefixes.length]!])
      ),
      await measure(
        'ilike scan (naive), prefixes dep→deploy',
        naive((i) => prefixes[i % prefixes.length]!)
      ),
      await measure(
        'search_messages, two words "zoe cafe"',
        search(() => ['zoe', 'cafe'])
      ),
      await measure(
        'search_messages, common word "team"',
        search(() => ['team'])
      ),
      // A quoted phrase is whole words: the index finds the candidates of its pattern, a regular
      // expression keeps the whole-word ones. "#17" is in one message, its pattern in 1,111.
      await measure(
        'search_messages, phrase "deployment of the new"',
        search(() => ['"deployment of the new"'])
      ),
      await measure(
        'search_messages, phrase "#17" (whole word)',
        search(() => ['"#17"'])
      ),
      await measure(
        'search_messages, unquoted #17 (inside words)',
        search(() => ['#17'])
      ),
    ]

    console.log(
      `\nChorus search, ${MESSAGES} messages in ${channels.length} channels of ${WORKSPACES} workspaces, ${ITERATIONS} iterations each, through REST as a member (ms)\n`
    )
    for (const f of figures) {
      console.log(
        `${f.name.padEnd(52)} p50 ${f.p50.toFixed(1).padStart(7)}  p95 ${f.p95.toFixed(1).padStart(7)}  rows ${f.rows}`
      )
    }
    const ratio = (a: string, b: string) => {
      const x = figures.find((f) => f.name.startsWith(a))!
      const y = figures.find((f) => f.name.startsWith(b))!
      return (y.p95 / x.p95).toFixed(1)
    }
    console.log(
      `\nfull word: ${ratio('search_messages, full word', 'ilike scan (naive), "deployment"')}x faster than the scan at p95 (target p95 < 50 ms)`
    )
    console.log(
      `prefixes: ${ratio('search_messages, as-you-type', 'ilike scan (naive), prefixes')}x faster than the scan at p95 (target p95 < 30 ms)`
    )
    console.log(
      `restore-style load ${(MESSAGES / insertSeconds).toFixed(0)} messages/s (with their folded text); trigram index built in ${indexSeconds.toFixed(1)} s, ${size!.index} (folded text table ${size!.search}, messages ${size!.table})`
    )
  } finally {
    await stop()
  }
}

await main()
