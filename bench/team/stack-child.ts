// The stack under measurement with Chorus's own project (supabase/: its config and migrations),
// in a process of its own so that its CPU and memory (with its PostgreSQL, the process tree)
// are read from /proc apart from the load generators'. As a team runs it: `serve`'s stack
// (production mode, its own keys, strict keys, Realtime's limits as serve sets them); with
// BENCH_STACK=start, the development stack with the tenant's limits lifted, for comparison.
// Prints one JSON line when ready; stops on SIGTERM.
//   node --import tsx bench/team/stack-child.ts
import { chmod, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ROOT } from '../support/processes.ts'
import { runServeChild } from '../support/serve-child.ts'
import { runStackChild } from '../support/stack-child.ts'

const temporary = await mkdtemp(path.join(tmpdir(), 'chorus-bench-team-'))
await chmod(temporary, 0o755)
if (process.env.BENCH_STACK === 'start') {
  await runStackChild({ workdir: ROOT, dataDir: temporary, temporary })
} else {
  await runServeChild({ workdir: ROOT, temporary })
}
