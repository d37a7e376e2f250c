// Resumable upload benchmark: a 1 GB file uploaded with tus-js-client (6 MB chunks, as Supabase
// documents) to the real stack's /storage/v1/upload/resumable, against a plain streamed copy of
// the same file on the same disk (1 MB reads), taken just before and just after the upload in
// the same run, and the peak memory of the stack's process (RSS above idle) while it receives it.
// The client reads its file in 1 MB pieces too (`fileReader`, tus-js-client's own option): its
// default Node source reads 64 KB at a time, which costs the client more CPU than the stack on
// the same two cores; that upload is measured too, for reference. Also for reference (not the
// target's measure): the same copy ended by an fsync, the copy through HTTP (one POST to a bare
// node:http server), and the same client against that bare server's /tus, which only appends each
// PATCH's body to a file and answers (bare-server.ts): what the protocol's chain costs by itself.
//   node --import tsx bench/storage/resumable.ts [--mb 1024]
// Targets (issue 22): at least half the plain copy's throughput; under 100 MB above idle.
import type { ChildProcess } from 'node:child_process'
import { createReadStream, createWriteStream } from 'node:fs'
import type { ReadStream } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { Upload } from 'tus-js-client'
import { freePort, rssMb, startStackProcess, stopProcess } from '../support/processes.ts'
import { startBareServer } from './bare.ts'

// The Supabase CLI's well-known local service_role key (default JWT secret).
const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
const MB = 1024 * 1024
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100

const { values } = parseArgs({ options: { mb: { type: 'string', default: '1024' } } })

type UploadOptions = NonNullable<ConstructorParameters<typeof Upload>[1]>

/**
 * tus-js-client's file reader, reading each chunk's part of the file in 1 MB pieces, as the plain
 * copy reads (the client's own Node source opens a stream of 64 KB reads per chunk).
 */
const megabyteReads: NonNullable<UploadOptions['fileReader']> = {
  async openFile(input: ReadStream) {
    // Given the file as its own source is (a read stream of it): only its path is used.
    const file = String(input.path)
    input.destroy()
    const { size } = await stat(file)
    return {
      size,
      async slice(start: number, end: number) {
        const last = Math.min(end, size)
        const stream = createReadStream(file, { start, end: last - 1, highWaterMark: MB })
        // tus-js-client reads the slice's length from `size`, as on its own sources.
        return { value: Object.assign(stream, { size: last - start }), done: last >= size }
      },
      close() {},
    }
  },
}

/**
 * An upload with tus-js-client, to the stack (or, with `endpoint`, to the bare server), reading
 * the file in 1 MB pieces, or with the client's own file source when `ownSource`.
 */
function tusUpload(
  port: number,
  file: string,
  size: number,
  name: string,
  { endpoint, ownSource = false }: { endpoint?: string; ownSource?: boolean } = {}
): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint: endpoint ?? `http://127.0.0.1:${port}/storage/v1/upload/resumable`,
      uploadSize: size,
      chunkSize: 6 * MB,
      retryDelays: [],
      ...(ownSource ? {} : { fileReader: megabyteReads }),
      headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}`, 'x-upsert': 'true' },
      metadata: { bucketName: 'bench', objectName: name, contentType: 'application/octet-stream' },
      onError: reject,
      onSuccess: () => resolve(),
    })
    upload.start()
  })
}

async function main(): Promise<void> {
  const sizeMb = Number(values.mb)
  const size = sizeMb * MB
  const work = await mkdtemp(path.join(tmpdir(), 'resumable-bench-'))
  await chmod(work, 0o755)
  const workdir = path.join(work, 'project')
  const dataDir = path.join(work, 'data')
  await mkdir(path.join(workdir, 'supabase'), { recursive: true })
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    'project_id = "resumable-bench"\n[storage]\nfile_size_limit = "4GiB"\n[storage.buckets.bench]\npublic = false\n'
  )
  const source = path.join(work, 'source.bin')
  const chunk = Buffer.alloc(MB)
  for (let i = 0; i < MB; i += 4) chunk.writeUInt32LE((i * 2654435761) >>> 0, i)
  const out = createWriteStream(source)
  for (let i = 0; i < sizeMb; i++) {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  await new Promise<void>((resolve) => out.end(resolve))
  const port = await freePort()
  const ready = async () =>
    (
      await fetch(`http://127.0.0.1:${port}/storage/v1/bucket/bench`, {
        headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
      })
    ).ok
  const child: ChildProcess = await startStackProcess({ workdir, dataDir, port, ready })
  const bareDir = path.join(work, 'bare')
  await mkdir(bareDir)
  const bare = await startBareServer(bareDir)
  const bareEndpoint = `http://127.0.0.1:${bare.port}/tus`
  /** Seconds for a streamed copy of the source on the same disk (ended by an fsync if `flush`). */
  const copy = async (flush = false) => {
    const began = performance.now()
    await pipeline(
      createReadStream(source, { highWaterMark: MB }),
      createWriteStream(path.join(work, 'copy.bin'), { flush })
    )
    const seconds = (performance.now() - began) / 1000
    await rm(path.join(work, 'copy.bin'))
    return seconds
  }
  /** Seconds for the same copy streamed through HTTP: one POST to the bare server, to a file. */
  const httpCopy = async () => {
    const began = performance.now()
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(`http://127.0.0.1:${bare.port}/copy.bin`, { method: 'POST' })
      request.on('response', (response) => {
        response.resume()
        response.on('end', resolve)
      })
      request.on('error', reject)
      pipeline(createReadStream(source, { highWaterMark: MB }), request).catch(reject)
    })
    const seconds = (performance.now() - began) / 1000
    await rm(path.join(bareDir, encodeURIComponent('/copy.bin')))
    return seconds
  }
  try {
    // Warm up (routes, the tus client, the disk), then take the idle figure.
    await writeFile(path.join(work, 'warm.bin'), Buffer.alloc(8 * MB))
    await tusUpload(port, path.join(work, 'warm.bin'), 8 * MB, 'warm.bin')
    await tusUpload(port, path.join(work, 'warm.bin'), 8 * MB, 'warm.bin', { ownSource: true })
    await tusUpload(port, path.join(work, 'warm.bin'), 8 * MB, 'warm.bin', {
      endpoint: bareEndpoint,
    })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const idle = await rssMb(child.pid!)

    const copyBefore = await copy()
    let peak = idle
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb(child.pid!))
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const cpuBefore = await cpuSeconds(child.pid!)
    const threadsBefore = await threadSeconds(child.pid!)
    const clientBefore = process.cpuUsage()
    const began = performance.now()
    await tusUpload(port, source, size, 'huge.bin')
    const client = process.cpuUsage(clientBefore)
    const seconds = (performance.now() - began) / 1000
    const cpuAfter = await cpuSeconds(child.pid!)
    const threadsAfter = await threadSeconds(child.pid!)
    sampling = false
    await sampler
    const copyAfter = await copy()
    const ownBegan = performance.now()
    const ownClientBefore = process.cpuUsage()
    await tusUpload(port, source, size, 'huge.bin', { ownSource: true })
    const ownClient = process.cpuUsage(ownClientBefore)
    const ownSeconds = (performance.now() - ownBegan) / 1000
    const floorBegan = performance.now()
    await tusUpload(port, source, size, 'huge.bin', { endpoint: bareEndpoint })
    const floorSeconds = (performance.now() - floorBegan) / 1000
    const ownFloorBegan = performance.now()
    await tusUpload(port, source, size, 'huge.bin', { endpoint: bareEndpoint, ownSource: true })
    const ownFloorSeconds = (performance.now() - ownFloorBegan) / 1000
    const durableCopy = await copy(true)
    const throughHttp = await httpCopy()

    const copyRate = (2 * sizeMb) / (copyBefore + copyAfter)
    const tusRate = sizeMb / seconds
    const row = (label: string, rate: number) =>
      console.log(
        `${label.padEnd(56)} | ${rate.toFixed(0).padStart(4)} | ${(rate / copyRate).toFixed(2).padStart(5)}`
      )
    console.log(`Resumable upload benchmark: ${sizeMb} MB with tus-js-client, 6 MB chunks`)
    console.log('')
    console.log(`${'operation'.padEnd(56)} | MB/s | ratio`)
    console.log(`${'-'.repeat(56)} | ---: | ----:`)
    console.log(
      `${'plain streamed copy (same disk), before / after'.padEnd(56)} | ${(sizeMb / copyBefore).toFixed(0)} / ${(sizeMb / copyAfter).toFixed(0)} | 1.00`
    )
    row('resumable upload (tus-js-client -> the stack)', tusRate)
    row("for reference: the same, the client's own 64 KB reads", sizeMb / ownSeconds)
    row('for reference: the copy ended by an fsync', sizeMb / durableCopy)
    row('for reference: the copy through HTTP (one POST, bare)', sizeMb / throughHttp)
    row('for reference: the same client to a bare node:http tus', sizeMb / floorSeconds)
    row("for reference: the client's own 64 KB reads, to the bare tus", sizeMb / ownFloorSeconds)
    console.log('')
    console.log('(ratios to the mean of the two plain copies)')
    console.log(
      `stack CPU during the upload: ${(cpuAfter.all - cpuBefore.all).toFixed(1)} s, its main thread ${(cpuAfter.main - cpuBefore.main).toFixed(1)} s (the rest: hashing worker, collector, file system threads)`
    )
    console.log(
      `client CPU during the upload (this process: tus-js-client, the file reads): ${((client.user + client.system) / 1e6).toFixed(1)} s over ${seconds.toFixed(1)} s on ${availableParallelism()} cores (with its own 64 KB reads: ${((ownClient.user + ownClient.system) / 1e6).toFixed(1)} s over ${ownSeconds.toFixed(1)} s)`
    )
    console.log(`stack CPU by thread: ${byThread(child.pid!, threadsBefore, threadsAfter)}`)
    console.log(
      `stack RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, peak above idle ${(peak - idle).toFixed(0)} MB`
    )
    console.log(
      `targets: ratio >= 0.50: ${tusRate / copyRate >= 0.5 ? 'met' : 'MISSED'}; under 100 MB above idle: ${peak - idle < 100 ? 'met' : 'MISSED'}`
    )
  } finally {
    bare.child.kill()
    await stopProcess(child)
    await rm(work, { recursive: true, force: true })
  }
}

/** CPU seconds of each of a process's threads, by thread id, with the thread's name. */
async function threadSeconds(pid: number): Promise<Map<string, { name: string; seconds: number }>> {
  const threads = new Map<string, { name: string; seconds: number }>()
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => null)
    if (!stat) continue
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    threads.set(tid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS })
  }
  return threads
}

/**
 * The CPU seconds each thread spent between two readings, largest first: the main thread, then
 * the others by their name (Node names most of them "node") and id.
 */
function byThread(
  pid: number,
  before: Map<string, { name: string; seconds: number }>,
  after: Map<string, { name: string; seconds: number }>
): string {
  return [...after]
    .map(([tid, { name, seconds }]) => ({
      label: tid === String(pid) ? 'main' : `${name}/${tid}`,
      spent: seconds - (before.get(tid)?.seconds ?? 0),
    }))
    .filter(({ spent }) => spent >= 0.05)
    .sort((a, b) => b.spent - a.spent)
    .map(({ label, spent }) => `${label} ${spent.toFixed(1)} s`)
    .join(', ')
}

/** CPU time (user and system) of a process and of its main thread, in seconds, from /proc. */
async function cpuSeconds(pid: number): Promise<{ all: number; main: number }> {
  const ticks = async (file: string) => {
    const stat = await readFile(file, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  }
  return {
    all: await ticks(`/proc/${pid}/stat`),
    main: await ticks(`/proc/${pid}/task/${pid}/stat`),
  }
}

await main()
