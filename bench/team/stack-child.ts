// The stack under measurement with Chorus's own project (supabase/: its config and migrations),
// in a process of its own so that its CPU and memory (with its PostgreSQL, the process tree)
// are read from /proc apart from the load generators'. Prints one JSON line when ready; stops
// on SIGTERM.
//   node --import tsx bench/team/stack-child.ts
import { chmod, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ROOT } from '../support/processes.ts'
import { runStackChild } from '../support/stack-child.ts'

const dataDir = await mkdtemp(path.join(tmpdir(), 'chorus-bench-team-'))
await chmod(dataDir, 0o755)
await runStackChild({ workdir: ROOT, dataDir, temporary: dataDir })
