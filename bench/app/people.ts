// bench:people (issue 72, item 1): what the app's lists of people cost at a company's size. A
// workspace of --members people (bench:app-size's world: everyone in #general) is asked for its
// rosters as the app asks (app/src/lib/rpc.ts's rpcAll: a first page with its count, the pages
// left at once, each cut at the API's row cap), through supabase-js as the person: per roster,
// the pages, the bytes of JSON and their gzip size, the first page's time and the whole's
// (median of --runs).
//
//   node --import tsx bench/app/people.ts [--members 5000] [--runs 5]
import { gzipSync } from 'node:zlib'
import { parseArgs } from 'node:util'
import { signedInClient, startBenchStack } from '../support/stack.ts'
import { median } from './measure.ts'
import { seedSize } from './size-seed.ts'

const { values } = parseArgs({
  options: { members: { type: 'string', default: '5000' }, runs: { type: 'string', default: '5' } },
})
const MEMBERS = Number(values.members)
const RUNS = Number(values.runs)

const bench = await startBenchStack('people')
try {
  const world = await seedSize(bench, { members: MEMBERS, channels: 2 })
  const [me] = await bench.sql<{ id: string }[]>`
    select id from auth.users where email = ${world.email}`
  const client = await signedInClient(bench.stack, me!.id)
  const rosters = [
    { fn: 'workspace_roster', args: { p_workspace_id: world.workspaceId } },
    { fn: 'channel_roster', args: { p_channel_id: world.generalId } },
  ]
  for (const { fn, args } of rosters) {
    const firsts: number[] = []
    const wholes: number[] = []
    let bytes = 0
    let zipped = 0
    let pages = 0
    let rows = 0
    for (let run = 0; run < RUNS + 1; run++) {
      const start = performance.now()
      const first = await client.rpc(fn, args, { count: 'exact' }).range(0, 999_999)
      if (first.error) throw first.error
      const firstMs = performance.now() - start
      const size = first.data.length
      const starts: number[] = []
      for (let from = size; from < (first.count ?? 0); from += size) starts.push(from)
      const rest = await Promise.all(
        starts.map((from) => client.rpc(fn, args).range(from, from + size - 1))
      )
      const wholeMs = performance.now() - start
      // The first run warms the stack's caches and is not counted.
      if (run === 0) continue
      firsts.push(firstMs)
      wholes.push(wholeMs)
      const bodies = [first, ...rest].map((a) => JSON.stringify(a.data))
      bytes = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0)
      zipped = bodies.reduce((n, b) => n + gzipSync(b).length, 0)
      pages = bodies.length
      rows = [first, ...rest].reduce((n, a) => n + (a.data as unknown[]).length, 0)
    }
    console.log(
      `${fn} at ${MEMBERS} people: ${rows} rows in ${pages} pages, ` +
        `${(bytes / 1024).toFixed(0)} KB JSON (${(zipped / 1024).toFixed(0)} KB gzip), ` +
        `first page ${median(firsts).toFixed(0)} ms, whole ${median(wholes).toFixed(0)} ms ` +
        `(median of ${RUNS})`
    )
  }
} finally {
  await bench.stop()
}
