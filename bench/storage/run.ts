// Storage benchmark: upload and download throughput through the real stack (supabase-js, raw
// streamed bodies) for 1 MB and 100 MB files, against a plain file copy on the same disk in the
// same run, and the peak memory of the stack's process (RSS above idle) during a 1 GB upload. A
// bare node:http server streaming to and from files (bare-server.ts) gives the floor: what HTTP
// alone costs on this machine, before authentication, the database and the ETag's hash.
//   node --import tsx bench/storage/run.ts [--small-runs 40] [--large-runs 5] [--huge-mb 1024]
// Targets (issue 5): throughput at least 50% of the plain copy; under 100 MB above idle.
import type { ChildProcess } from 'node:child_process'
import { createReadStream, createWriteStream } from 'node:fs'
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { rssMb, startStackProcess, stopProcess, freePort } from '../support/processes.ts'
import { startBareServer } from './bare.ts'
import { SERVICE_KEY, httpTransfer, rawTransfer } from './http-transfer.ts'

const MB = 1024 * 1024

const { values } = parseArgs({
  options: {
    'small-runs': { type: 'string', default: '40' },
    'large-runs': { type: 'string', default: '5' },
    'huge-mb': { type: 'string', default: '1024' },
  },
})

/** Starts the stack in a process of its own, so its memory is measured alone. */
function startStack(workdir: string, dataDir: string, port: number): Promise<ChildProcess> {
  const ready = async () =>
    (
      await fetch(`http://127.0.0.1:${port}/storage/v1/bucket/bench`, {
        headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
      })
    ).ok
  return startStackProcess({ workdir, dataDir, port, ready })
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const began = performance.now()
  await fn()
  return (performance.now() - began) / 1000
}

const OPERATIONS = [
  'upload',
  'download',
  'rawUpload',
  'rawDownload',
  'bareUpload',
  'bareDownload',
] as const
type Round = Record<'copy' | (typeof OPERATIONS)[number], number>
const LABELS: Record<(typeof OPERATIONS)[number], string> = {
  upload: 'upload (supabase-js)',
  download: 'download (supabase-js)',
  rawUpload: 'upload (node:http)',
  rawDownload: 'download (node:http)',
  bareUpload: 'floor: bare upload',
  bareDownload: 'floor: bare download',
}

/**
 * MB/s of the plain copy, the upload and the download of one file, run after run in turn, so
 * that whatever else the machine does weighs on all three alike; the ratios are per round.
 */
async function rounds(
  size: number,
  runs: number,
  step: (run: number) => Promise<Round>
): Promise<Round[]> {
  await step(-1)
  const results: Round[] = []
  for (let run = 0; run < runs; run++) {
    const seconds = await step(run)
    const rates = { copy: size / MB / seconds.copy } as Round
    for (const operation of OPERATIONS) rates[operation] = size / MB / seconds[operation]
    results.push(rates)
  }
  return results
}

async function main(): Promise<void> {
  const smallRuns = Number(values['small-runs'])
  const largeRuns = Number(values['large-runs'])
  const hugeMb = Number(values['huge-mb'])
  const work = await mkdtemp(path.join(tmpdir(), 'storage-bench-'))
  // The embedded cluster runs as the unprivileged postgres user when this runs as root.
  await chmod(work, 0o755)
  const workdir = path.join(work, 'project')
  const dataDir = path.join(work, 'data')
  const files = path.join(work, 'files')
  await mkdir(path.join(workdir, 'supabase'), { recursive: true })
  await mkdir(files, { recursive: true })
  await writeFile(
    path.join(workdir, 'supabase', 'config.toml'),
    'project_id = "storage-bench"\n[storage]\nfile_size_limit = "4GiB"\n[storage.buckets.bench]\npublic = false\n'
  )
  const port = await freePort()
  const child = await startStack(workdir, dataDir, port)
  const bareFolder = path.join(work, 'bare')
  await mkdir(bareFolder)
  const bare = await startBareServer(bareFolder)
  try {
    const supabase: SupabaseClient = createClient(`http://127.0.0.1:${port}`, SERVICE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    })
    const bucket = supabase.storage.from('bench')
    console.log(
      `Storage benchmark: ${smallRuns} rounds of 1 MB, ${largeRuns} of 100 MB (medians; ratios per round)`
    )
    console.log('')
    // Peak memory during a large upload: the body is generated on the fly by this process; the
    // stack's process is sampled from /proc while it streams the body to disk.
    // Warm up first (the routes, the body parsers and the hashing worker load on first use),
    // then take the idle figure.
    const { error: warmUp } = await bucket.upload('warm-up.bin', Buffer.alloc(MB), { upsert: true })
    if (warmUp) throw warmUp
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const idle = await rssMb(child.pid!)
    let peak = idle
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb(child.pid!))
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const chunk = Buffer.alloc(MB, 7)
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < hugeMb; i++) yield chunk
      })()
    )
    const began = performance.now()
    const { error } = await bucket.upload('huge.bin', body, {
      contentType: 'application/octet-stream',
      upsert: true,
    })
    const seconds = (performance.now() - began) / 1000
    sampling = false
    await sampler
    if (error) throw error
    console.log(
      `${hugeMb} MB upload: ${(hugeMb / seconds).toFixed(0)} MB/s; stack RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, peak above idle ${(peak - idle).toFixed(0)} MB`
    )
    await bucket.remove(['huge.bin'])
    console.log('')
    console.log('size     | operation              | stack MB/s | plain copy MB/s | ratio')
    console.log('---------|------------------------|-----------:|----------------:|------:')
    for (const [label, size, runs] of [
      ['1 MB', MB, smallRuns],
      ['100 MB', 100 * MB, largeRuns],
    ] as const) {
      const source = path.join(files, `source-${size}.bin`)
      const random = Buffer.alloc(size)
      for (let i = 0; i < size; i += 4) random.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i)
      await writeFile(source, random)
      // The baseline: the same bytes copied file to file on the same disk, streamed as an
      // upload or a download streams them.
      const results = await rounds(size, runs, async (run) => ({
        copy: await timed(() =>
          pipeline(createReadStream(source), createWriteStream(path.join(files, `copy-${run}.bin`)))
        ),
        upload: await timed(async () => {
          const { error } = await bucket.upload(
            `${label}/object-${run}.bin`,
            createReadStream(source),
            {
              contentType: 'application/octet-stream',
              upsert: true,
            }
          )
          if (error) throw error
        }),
        download: await timed(async () => {
          const { data, error } = await bucket.download(`${label}/object-${run}.bin`).asStream()
          if (error) throw error
          await pipeline(
            Readable.fromWeb(data as never),
            createWriteStream(path.join(files, `down-${run}.bin`))
          )
        }),
        rawUpload: await timed(() =>
          rawTransfer(port, 'POST', `${label}/raw-${run}.bin`, source, size)
        ),
        rawDownload: await timed(() =>
          rawTransfer(
            port,
            'GET',
            `${label}/raw-${run}.bin`,
            path.join(files, `rdown-${run}.bin`),
            size
          )
        ),
        bareUpload: await timed(() =>
          httpTransfer(
            bare.port,
            'POST',
            `/${encodeURIComponent(label)}/bare-${run}.bin`,
            source,
            size
          )
        ),
        bareDownload: await timed(() =>
          httpTransfer(
            bare.port,
            'GET',
            `/${encodeURIComponent(label)}/bare-${run}.bin`,
            path.join(files, `bdown-${run}.bin`),
            size
          )
        ),
      }))
      const copy = median(results.map((r) => r.copy))
      for (const operation of OPERATIONS) {
        const rate = median(results.map((r) => r[operation]))
        const ratio = median(results.map((r) => r[operation] / r.copy))
        console.log(
          `${label.padEnd(8)} | ${LABELS[operation].padEnd(22)} | ${rate.toFixed(0).padStart(10)} | ${copy.toFixed(0).padStart(15)} | ${ratio.toFixed(2).padStart(5)}`
        )
      }
      const kernelRates: number[] = []
      for (let run = 0; run < Math.min(runs, 5); run++) {
        const seconds = await timed(() => copyFile(source, path.join(files, `kcopy-${run}.bin`)))
        kernelRates.push(size / MB / seconds)
      }
      const kernel = median(kernelRates)
      console.log(
        `${label.padEnd(8)} | (for reference: fs.copyFile, a kernel copy: ${kernel.toFixed(0)} MB/s)`
      )
      await rm(files, { recursive: true, force: true })
      await mkdir(files, { recursive: true })
    }
  } finally {
    bare.child.kill()
    await stopProcess(child)
    await rm(work, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
