// What the benches that run the stack in a process of its own share: a free port, the stack
// started with the CLI and stopped as Ctrl-C stops it, the memory of a process tree, and a stack
// child started and the JSON line it prints when ready read.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export { freePort } from '../../backend/src/http/ports.ts'

/**
 * Starts `backend start` (the CLI) for a project folder in a process of its own, so that its
 * memory is measured alone, and waits until `ready` answers true.
 */
export async function startStackProcess(options: {
  workdir: string
  dataDir: string
  port: number
  ready: () => Promise<boolean>
}): Promise<ChildProcess> {
  const args = ['--import', 'tsx', 'backend/src/cli/main.ts', 'start']
  args.push('--workdir', options.workdir, '--data-dir', options.dataDir)
  args.push('--api-port', String(options.port), '--db-port', '0', '--inbox-port', '0')
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the stack exited with ${child.exitCode}\n${stderr}`)
    if (Date.now() > deadline) throw new Error(`no answer within 120 s\n${stderr}`)
    try {
      if (await options.ready()) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Stops a stack started by startStackProcess() as Ctrl-C does, and waits for it. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.on('exit', resolve))
  child.kill('SIGINT')
  await exited
}

/** RSS of one process (MB). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024
}

/** The parent of every process on the machine. */
async function parentsOfAll(): Promise<Map<number, number>> {
  const parents = new Map<number, number>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // the process ended meanwhile
    }
  }
  return parents
}

/** The first process at or below `pid` (breadth first) whose command line passes `test`. */
export async function findDescendant(
  pid: number,
  test: (cmdline: string) => boolean
): Promise<number | null> {
  const parents = await parentsOfAll()
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.shift() as number
    const cmdline = await readFile(`/proc/${next}/cmdline`, 'utf8').catch(() => '')
    if (test(cmdline)) return next
    for (const [child, parent] of parents) if (parent === next) queue.push(child)
  }
  return null
}

/** RSS summed and PSS (shared pages split) of a process and all its descendants (MB). */
export async function treeMemory(
  pid: number
): Promise<{ rssMb: number; pssMb: number; processes: number }> {
  const parents = await parentsOfAll()
  const tree = new Set([pid])
  for (let grew = true; grew;) {
    grew = false
    for (const [child, parent] of parents) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child)
        grew = true
      }
    }
  }
  let rss = 0
  let pss = 0
  for (const member of tree) {
    try {
      const rollup = await readFile(`/proc/${member}/smaps_rollup`, 'utf8')
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
    } catch {
      // gone
    }
  }
  return { rssMb: rss / 1024, pssMb: pss / 1024, processes: tree.size }
}

/**
 * Starts a bench's stack child (a script that calls runStackChild, stack-child.ts) in a process
 * of its own and waits for the one JSON line it prints when ready (`T`: what it prints).
 * `nodeArgs` go before the script (e.g. --cpu-prof).
 */
export async function spawnStackChild<T>(
  script: string,
  nodeArgs: string[] = []
): Promise<{ child: ChildProcess; info: T }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  })
  return { child, info: await readyLine<T>(child) }
}

/** The one JSON line a stack child prints on stdout when ready; rejects if it exits first. */
export function readyLine<T>(child: ChildProcess): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let buffered = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const line = buffered.split('\n')[0]
      if (buffered.includes('\n') && line) resolve(JSON.parse(line) as T)
    })
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code}`)))
  })
}
