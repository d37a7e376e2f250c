// Start-up benchmark: the time from `npm start` to the first successful API answer, on a fresh
// data folder and on an existing one, the resident memory of the whole stack at idle, and the
// time from Ctrl-C (SIGINT to the process group, as a terminal sends it) until no process of
// the stack is left.
//   node --import tsx bench/startup/run.ts [--runs 5]
// Targets: under 3 s to ready on an existing data folder, under 300 MB resident idle (issue 2);
// stopped within 2 s of Ctrl-C (issue 12).
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { findDescendant, freePort, ROOT, treeMemory } from '../support/processes.ts'

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Number(values.runs)

interface Started {
  child: ChildProcess
  ms: number
}

/** Runs `npm start` and waits for GET /rest/v1/ to answer 200. */
async function startAndWait(dataDir: string, apiPort: number): Promise<Started> {
  const began = performance.now()
  const child = spawn(
    'npm',
    [
      'start',
      '--',
      '--data-dir',
      dataDir,
      '--api-port',
      String(apiPort),
      '--db-port',
      '0',
      '--inbox-port',
      '0',
      '--app-port',
      '0',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn' },
      // A process group of its own, as a terminal gives a foreground job (see stop()).
      detached: true,
    }
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const deadline = began + 60_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`npm start exited with ${child.exitCode}\n${stderr}`)
    if (performance.now() > deadline) throw new Error(`no answer within 60 s\n${stderr}`)
    try {
      const response = await fetch(`http://127.0.0.1:${apiPort}/rest/v1/`, {
        headers: { apikey: ANON_KEY },
      })
      if (response.ok) return { child, ms: performance.now() - began }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const stops: number[] = []

/** Ctrl-C to the group; records the time until every process of the group is gone. */
async function stop(child: ChildProcess): Promise<void> {
  const began = performance.now()
  const exited = new Promise((resolve) => child.on('exit', resolve))
  // Ctrl-C in a terminal signals the whole foreground job: npm, its shell and the stack. (npm
  // alone passes SIGINT to the shell of the script, which does not pass it on.)
  process.kill(-child.pid!, 'SIGINT')
  await exited
  // npm may exit before the stack has stopped PostgreSQL: wait for the group to be gone.
  for (;;) {
    try {
      process.kill(-child.pid!, 0)
    } catch {
      stops.push(performance.now() - began)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Resident memory of the stack: the node process running scripts/start.ts under `npm start`
 * and all its descendants (the PostgreSQL processes), RSS summed and PSS (shared pages split).
 */
async function stackMemory(
  npmPid: number
): Promise<{ rssMb: number; pssMb: number; processes: number }> {
  const stack = await findDescendant(
    npmPid,
    (cmdline) => cmdline.includes('scripts/start.ts') && cmdline.startsWith(process.execPath)
  )
  return treeMemory(stack ?? npmPid)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

async function main() {
  const base = await mkdtemp(path.join(tmpdir(), 'bench-startup-'))
  await chmod(base, 0o755)
  const fresh: number[] = []
  const existing: number[] = []
  let memory = { rssMb: 0, pssMb: 0, processes: 0 }
  try {
    // Build the app once so that every timed start finds it built (as after a first npm start).
    const warm = await startAndWait(path.join(base, 'warm'), await freePort())
    await stop(warm.child)

    for (let i = 0; i < runs; i++) {
      const dataDir = path.join(base, `run-${i}`)
      const first = await startAndWait(dataDir, await freePort())
      fresh.push(first.ms)
      await stop(first.child)
      const again = await startAndWait(dataDir, await freePort())
      existing.push(again.ms)
      if (i === runs - 1) {
        await new Promise((resolve) => setTimeout(resolve, 5000))
        memory = await stackMemory(again.child.pid!)
      }
      await stop(again.child)
    }
  } finally {
    await rm(base, { recursive: true, force: true })
  }

  const row = (label: string, value: string, target: string) =>
    console.log(`${label.padEnd(44)} ${value.padStart(10)}   ${target}`)
  console.log(`npm start -> first 200 from GET /rest/v1/ (median of ${runs} runs)\n`)
  row('ready, fresh data folder (initdb + migrate)', `${median(fresh).toFixed(0)} ms`, '')
  row('ready, existing data folder', `${median(existing).toFixed(0)} ms`, 'target < 3000 ms')
  row(
    `idle resident memory, RSS summed (${memory.processes} processes)`,
    `${memory.rssMb.toFixed(0)} MB`,
    ''
  )
  row(
    'idle resident memory, PSS (shared pages split)',
    `${memory.pssMb.toFixed(0)} MB`,
    'target < 300 MB'
  )
  row('Ctrl-C -> every process gone', `${median(stops).toFixed(0)} ms`, 'target < 2000 ms')
  console.log(`\nexisting-folder runs (ms): ${existing.map((v) => v.toFixed(0)).join(', ')}`)
  console.log(`fresh-folder runs (ms):    ${fresh.map((v) => v.toFixed(0)).join(', ')}`)
  console.log(`Ctrl-C stops (ms):         ${stops.map((v) => v.toFixed(0)).join(', ')}`)
}

await main()
