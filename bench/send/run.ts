// bench/send: the database's cost of one `send_message` (a person's message in a channel of 20,
// no mentions), measured on a throwaway database with supabase/migrations applied: ROUNDS rounds,
// each SENDS sends as one person, in a plpgsql loop (the statement's triggers and the pipeline
// fire for each send as for a request's). With --compare <git ref>, each round also runs the same
// sends with that ref's definitions of the functions a change replaced (created again inside a
// transaction that is rolled back), alternating (and which goes first), so both see the same
// load; prints the median microseconds per send (or per message) of each.
// With --batch N, an import's batch of N messages through private.import_insert instead (a channel
// of its own each round, a third of the rows replies, a fifth with a mention): µs per message.
//   node --import tsx bench/send/run.ts [--rounds 7] [--sends 300] [--batch 2000]
//     [--compare <ref> --functions <file:fn,...> --extra <sql>]
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { withThrowawayDatabase } from '../../backend/src/cli/gen-types.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../..')
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    sends: { type: 'string', default: '300' },
    compare: { type: 'string' },
    functions: { type: 'string', default: '' },
    extra: { type: 'string', default: '' },
    batch: { type: 'string' },
  },
})
const ROUNDS = Number(values.rounds)
const SENDS = Number(values.sends)
/** With --batch N: an import's batch of N messages (private.import_insert) instead of sends. */
const BATCH = values.batch ? Number(values.batch) : 0

/** The ref's definitions of the named functions (file:function), from its schema dump. */
function oldDefinitions(ref: string, names: string[]): string {
  return names
    .map((spec) => {
      const [file, fn] = spec.split(':') as [string, string]
      const text = execFileSync('git', ['show', `${ref}:supabase/schema/${file}.sql`], {
        cwd: root,
        encoding: 'utf8',
      })
      const start = text.indexOf(`CREATE OR REPLACE FUNCTION ${fn}(`)
      if (start < 0) throw new Error(`${fn} not in ${ref}'s ${file}.sql`)
      const end = text.indexOf('\n$function$;', start) + '\n$function$;'.length
      return text.slice(start, end)
    })
    .join('\n\n')
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

await withThrowawayDatabase(path.join(root, 'supabase/migrations'), async (url) => {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const people = Array.from({ length: 20 }, () => crypto.randomUUID())
    for (const id of people)
      await sql`insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
        values (${id}, 'authenticated', 'authenticated', ${`${id}@example.test`}, now(),
          ${sql.json({ display_name: id.slice(0, 6) })}, now(), now())`
    const claims = (id: string) =>
      JSON.stringify({
        sub: id,
        role: 'authenticated',
        aud: 'authenticated',
        amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
      })
    const [ws] = await sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${claims(people[0]!)}, true)`
      await tx`set local role authenticated`
      return tx<{ id: string }[]>`select id from public.create_workspace('Send bench')`
    })
    const [ch] = await sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${ws!.id} and is_default`
    await sql`insert into public.workspace_members (workspace_id, user_id, role)
      select ${ws!.id}, u, 'member' from unnest(${people.slice(1)}::uuid[]) u on conflict do nothing`
    await sql`insert into public.channel_members (channel_id, user_id)
      select ${ch!.id}, u from unnest(${people.slice(1)}::uuid[]) u on conflict do nothing`
    const old = values.compare
      ? oldDefinitions(values.compare, values.functions.split(',').filter(Boolean)) +
        '\n' +
        values.extra
      : ''
    const [imp] = await sql<{ id: string }[]>`
      insert into public.imports (workspace_id, started_by, source_path, status)
      values (${ws!.id}, ${people[0]!}, ${`${ws!.id}/bench.zip`}, 'running') returning id`
    /** A batch as the imports function sends it: a third replies, some mention someone. */
    const batchRows = (channel: string) => {
      const tops: string[] = []
      return Array.from({ length: BATCH }, (_, i) => {
        const id = crypto.randomUUID()
        const reply = i % 3 === 2 && tops.length > 0
        if (!reply) tops.push(id)
        return {
          id,
          channel_id: channel,
          author_id: people[i % people.length],
          body: `${i % 5 === 0 ? `<@${people[(i + 1) % people.length]}> ` : ''}message ${i} about the release plan and its links https://example.com/${i}`,
          parent_id: reply ? tops[i % tops.length] : null,
          created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        }
      })
    }
    const round = async (withOld: boolean): Promise<number> =>
      sql
        .begin(async (tx): Promise<number> => {
          if (withOld) await tx.unsafe(old)
          if (BATCH) {
            const channel = crypto.randomUUID()
            await tx`insert into public.channels (id, workspace_id, kind, name, created_by)
              values (${channel}, ${ws!.id}, 'private', ${`import-${channel}`}, ${people[0]!})`
            await tx`insert into private.import_channels (import_id, slack_id, channel_id, kind, name)
              values (${imp!.id}, ${channel}, ${channel}, 'public', 'bench')`
            const rows = tx.json(batchRows(channel) as never)
            const t0 = performance.now()
            await tx`select private.import_insert(${imp!.id}, ${ws!.id}, ${rows}, '[]', '[]')`
            const us = ((performance.now() - t0) * 1000) / BATCH
            throw Object.assign(new Error('rollback'), { us })
          }
          await tx`select set_config('request.jwt.claims', ${claims(people[1]!)}, true)`
          await tx`set local role authenticated`
          const [r] = await tx<{ us: number }[]>`
          select public.private_bench_sends(${ch!.id}, ${SENDS}) as us`
          // rolled back: each round starts from the same channel
          throw Object.assign(new Error('rollback'), { us: r!.us })
        })
        .catch((e: { us?: number }) => {
          if (e.us === undefined) throw e
          return e.us
        })
    await sql.unsafe(`
      create function public.private_bench_sends(p_channel uuid, p_n int) returns double precision
      language plpgsql as $$
      declare t0 timestamptz := clock_timestamp();
      begin
        for i in 1..p_n loop
          perform public.send_message(gen_random_uuid(), p_channel, 'hello world, message ' || i);
        end loop;
        return extract(epoch from clock_timestamp() - t0) * 1e6 / p_n;
      end $$;
      grant execute on function public.private_bench_sends(uuid, int) to authenticated;`)
    await round(false) // warm-up
    const now: number[] = []
    const before: number[] = []
    console.log(
      `load average before: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`
    )
    for (let i = 0; i < ROUNDS; i++) {
      // (which goes first alternates: neither always follows the other)
      if (values.compare && i % 2 === 1) before.push(await round(true))
      now.push(await round(false))
      if (values.compare && i % 2 === 0) before.push(await round(true))
    }
    console.log(
      `load average after: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`
    )
    console.log(
      `${BATCH ? `import_insert, batches of ${BATCH}` : `send_message, ${SENDS} sends`} x ${ROUNDS} rounds: this tree median ${median(now).toFixed(0)} µs/message (${now.map((x) => x.toFixed(0)).join(', ')})`
    )
    if (values.compare)
      console.log(
        `  ${values.compare}'s definitions: median ${median(before).toFixed(0)} µs/message (${before.map((x) => x.toFixed(0)).join(', ')})`
      )
  } finally {
    await sql.end({ timeout: 2 })
  }
})
