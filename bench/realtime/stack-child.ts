// The stack under measurement, in a process of its own so that the bench's clients do not share
// its event loop: a fresh project folder with the bench schema, an embedded PostgreSQL, the real
// stack. Prints one JSON line when ready; stops on SIGTERM.
//   node --import tsx bench/realtime/stack-child.ts
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runStackChild } from '../support/stack-child.ts'
import { BENCH_SCHEMA } from './schema.ts'

const base = await mkdtemp(path.join(tmpdir(), 'bench-realtime-'))
await chmod(base, 0o755)
const workdir = path.join(base, 'project')
await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
await writeFile(path.join(workdir, 'supabase', 'config.toml'), 'project_id = "bench"\n')
await writeFile(
  path.join(workdir, 'supabase', 'migrations', '20240101000000_bench.sql'),
  BENCH_SCHEMA
)
await runStackChild({ workdir, dataDir: path.join(base, 'data'), temporary: base })
