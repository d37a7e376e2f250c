// Where the stack's Node process spent its CPU (`npm run bench:team -- --profile DIR`): the V8
// profiles (.cpuprofile, one per thread, written by --cpu-prof when the stack exits) summarized
// by part of the stack (its folder under backend/src, or the package under node_modules) and by
// function, self time only. PostgreSQL's share is not in it (its processes are not Node's): the bench's
// `stack` column counts both.
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** What a script's URL is part of: backend/src/<part>, node:<module>, or the package. */
export function partOf(url: string): string {
  if (url === '') return '(V8 and native)'
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0]
  const modules = url.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  const src = url.indexOf('/backend/src/')
  if (src >= 0) return 'backend/src/' + url.slice(src + '/backend/src/'.length).split('/')[0]
  return url.replace(/^file:\/\//, '')
}

/** Self time (ms) by part and by function of one profile, with its total and idle time. */
export function summarize(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parts = new Map<string, number>()
  const functions = new Map<string, number>()
  let total = 0
  let idle = 0
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const frame = byId.get(id)?.callFrame
    if (!frame) return
    total += ms
    if (frame.functionName === '(idle)') {
      idle += ms
      return
    }
    const part = frame.url ? partOf(frame.url) : frame.functionName || '(anonymous)'
    parts.set(part, (parts.get(part) ?? 0) + ms)
    const where = frame.url
      ? `${partOf(frame.url)} ${path.basename(frame.url)}:${frame.lineNumber + 1}`
      : ''
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim()
    functions.set(name, (functions.get(name) ?? 0) + ms)
  })
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
  return { total, idle, parts: top(parts, 15), functions: top(functions, 20) }
}

/**
 * A profile's process and thread from its name (`CPU.<date>.<time>.<pid>.<thread>.<seq>`): the
 * main thread is 0, each worker thread (Storage's hashing, the functions' workers) its own.
 */
export function threadOf(file: string): { pid: string; thread: number } | null {
  const match = /^CPU\.\d+\.\d+\.(\d+)\.(\d+)\.\d+\.cpuprofile$/.exec(file)
  return match ? { pid: match[1]!, thread: Number(match[2]) } : null
}

/**
 * Prints the summary of each thread of the newest process profiled in `dir`, the main thread
 * (the stack's REST, Realtime and Storage) first.
 */
export async function printProfile(dir: string): Promise<void> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'))
  if (files.length === 0) {
    console.log(`no .cpuprofile in ${dir}: the stack did not exit cleanly`)
    return
  }
  const times = await Promise.all(files.map(async (f) => (await stat(path.join(dir, f))).mtimeMs))
  const newest = files[times.indexOf(Math.max(...times))]!
  const pid = threadOf(newest)?.pid
  const threads = files
    .filter((f) => pid === undefined || threadOf(f)?.pid === pid)
    .sort((a, b) => (threadOf(a)?.thread ?? 0) - (threadOf(b)?.thread ?? 0))
  for (const file of threads) await printOne(dir, file)
}

async function printOne(dir: string, file: string): Promise<void> {
  const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Profile
  const { total, idle, parts, functions } = summarize(profile)
  const busy = total - idle
  const share = (ms: number) => `${((ms / busy) * 100).toFixed(1)}%`.padStart(6)
  const thread = threadOf(file)?.thread
  const which = thread === 0 ? 'main thread' : thread === undefined ? 'process' : `worker ${thread}`
  console.log(
    `the stack's Node process, ${which} (${file}): ${(busy / 1000).toFixed(1)} s busy of ` +
      `${(total / 1000).toFixed(1)} s profiled; self time by part:`
  )
  for (const [part, ms] of parts) console.log(`  ${share(ms)}  ${part}`)
  console.log('by function:')
  for (const [name, ms] of functions) console.log(`  ${share(ms)}  ${name}`)
}
