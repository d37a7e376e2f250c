// Resumable upload benchmark: a 1 GB file uploaded with tus-js-client (6 MB chunks, as Supabase
// documents) to the real stack's /storage/v1/upload/resumable, against a plain streamed copy of
// the same file on the same disk in the same run, and the peak memory of the stack's process
// (RSS above idle) while it receives it.
//   node --import tsx bench/storage/resumable.ts [--mb 1024]
// Targets (issue 22): at least half the plain copy's throughput; under 100 MB above idle.
import type { ChildProcess } from 'node:child_process'
import { createReadStream, createWriteStream } from 'node:fs'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { Upload } from 'tus-js-client'
import { freePort, rssMb, startStackProcess, stopProcess } from '../support/processes.ts'

// The Supabase CLI's well-known local service_role key (default JWT secret).
const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
const MB = 1024 * 1024

const { values } = parseArgs({ options: { mb: { type: 'string', default: '1024' } } })

function tusUpload(port: number, file: string, size: number, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(file, { highWaterMark: MB }), {
      endpoint: `http://127.0.0.1:${port}/storage/v1/upload/resumable`,
      uploadSize: size,
      chunkSize: 6 * MB,
      retryDelays: [],
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
  try {
    // Warm up (routes, the tus client, the disk), then take the idle figure.
    await writeFile(path.join(work, 'warm.bin'), Buffer.alloc(8 * MB))
    await tusUpload(port, path.join(work, 'warm.bin'), 8 * MB, 'warm.bin')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const idle = await rssMb(child.pid!)

    const copyBegan = performance.now()
    await pipeline(
      createReadStream(source, { highWaterMark: MB }),
      createWriteStream(path.join(work, 'copy.bin'))
    )
    const copySeconds = (performance.now() - copyBegan) / 1000
    await rm(path.join(work, 'copy.bin'))

    let peak = idle
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb(child.pid!))
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const began = performance.now()
    await tusUpload(port, source, size, 'huge.bin')
    const seconds = (performance.now() - began) / 1000
    sampling = false
    await sampler
    const tusRate = sizeMb / seconds
    const copyRate = sizeMb / copySeconds
    console.log(`Resumable upload benchmark: ${sizeMb} MB with tus-js-client, 6 MB chunks`)
    console.log('')
    console.log('operation                     | MB/s | ratio to plain copy')
    console.log('------------------------------|-----:|-------------------:')
    console.log(`plain streamed copy (same disk) | ${copyRate.toFixed(0)} | 1.00`)
    console.log(
      `resumable upload (tus)          | ${tusRate.toFixed(0)} | ${(tusRate / copyRate).toFixed(2)}`
    )
    console.log('')
    console.log(
      `stack RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, peak above idle ${(peak - idle).toFixed(0)} MB`
    )
    console.log(
      `targets: ratio >= 0.50: ${tusRate / copyRate >= 0.5 ? 'met' : 'MISSED'}; under 100 MB above idle: ${peak - idle < 100 ? 'met' : 'MISSED'}`
    )
  } finally {
    await stopProcess(child)
    await rm(work, { recursive: true, force: true })
  }
}

await main()
