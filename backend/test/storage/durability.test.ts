// Data safety: an overwrite never exposes part of a file, concurrent writers leave exactly one
// version, large bodies stream through intact, and after a crash the disk is put back in line
// with the rows (unfinished uploads finished or discarded, unreferenced files removed).
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StorageDeps } from '../../src/storage/deps.ts'
import { Disk } from '../../src/storage/disk.ts'
import { recoverUploads, sweepOrphans } from '../../src/storage/recovery.ts'
import type { TestStack } from '../support/stack.ts'
import { bytes, filesOnDisk, serviceClient, startStorageStack } from './support.ts'

let stack: TestStack
let deps: StorageDeps

beforeAll(async () => {
  stack = await startStorageStack()
  const disk = await Disk.open(path.join(stack.context.dataDir, 'storage'))
  deps = { ctx: stack.context, disk, log: stack.context.log }
})

afterAll(async () => {
  await stack?.stop()
})

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex')
const avatars = () => serviceClient(stack).storage.from('avatars')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function tmpFiles(): Promise<string[]> {
  await stack.settled()
  return readdir(path.join(stack.context.dataDir, 'storage', 'tmp'))
}

describe('overwrites and concurrent writers', () => {
  it('serves readers the old bytes or the new bytes, never a mix', async () => {
    const before = bytes(2 * 1024 * 1024, 1)
    const after = bytes(2 * 1024 * 1024, 2)
    await avatars().upload('swap.bin', before)
    const allowed = new Set([md5(before), md5(after)])
    // Readers spread over the write, 4 ms apart: the scenario, not a wait for something.
    const reads = Array.from({ length: 12 }, async (_, i) => {
      await sleep(i * 4)
      const { data, error } = await avatars().download('swap.bin')
      expect(error).toBeNull()
      return md5(Buffer.from(await data!.arrayBuffer()))
    })
    const write = avatars().upload('swap.bin', after, { upsert: true })
    const seen = await Promise.all(reads)
    expect((await write).error).toBeNull()
    for (const hash of seen) expect(allowed.has(hash)).toBe(true)
    const final = await avatars().download('swap.bin')
    expect(md5(Buffer.from(await final.data!.arrayBuffer()))).toBe(md5(after))
    expect(
      (await filesOnDisk(stack)).filter((f) => f.startsWith('buckets/avatars/swap.bin~'))
    ).toHaveLength(1)
  })

  it('reads, overwrites and removes an object straight after its upload was answered', async () => {
    // The answer goes out when the row commits, before the file is renamed into place.
    const first = bytes(300_000, 31)
    const second = bytes(300_000, 32)
    for (let i = 0; i < 5; i++) {
      const name = `quick-${i}.bin`
      expect((await avatars().upload(name, first)).error).toBeNull()
      const [read, over] = await Promise.all([
        avatars().download(name),
        avatars().upload(name, second, { upsert: true }),
      ])
      expect(read.error).toBeNull()
      expect([md5(first), md5(second)]).toContain(md5(Buffer.from(await read.data!.arrayBuffer())))
      expect(over.error).toBeNull()
      expect((await avatars().remove([name])).error).toBeNull()
    }
    expect((await filesOnDisk(stack)).filter((f) => f.includes('quick-'))).toEqual([])
    expect(await tmpFiles()).toEqual([])
  })

  it('leaves exactly one version after racing upserts, and one winner among plain uploads', async () => {
    const bodies = Array.from({ length: 6 }, (_, i) => bytes(200_000, i + 10))
    const results = await Promise.all(
      bodies.map((b) => avatars().upload('race.bin', b, { upsert: true }))
    )
    for (const r of results) expect(r.error).toBeNull()
    const stored = Buffer.from(await (await avatars().download('race.bin')).data!.arrayBuffer())
    expect(bodies.some((b) => b.equals(stored))).toBe(true)
    const [row] =
      await stack.sql`select version, metadata->>'eTag' as etag from storage.objects where name = 'race.bin'`
    expect(row?.etag).toBe(`"${md5(stored)}"`)
    expect(
      (await filesOnDisk(stack)).filter((f) => f.startsWith('buckets/avatars/race.bin~'))
    ).toEqual([`buckets/avatars/race.bin~${row?.version}`])
    const plain = await Promise.all(bodies.map((b) => avatars().upload('first-wins.bin', b)))
    expect(plain.filter((r) => r.error === null)).toHaveLength(1)
    expect(plain.filter((r) => r.error?.statusCode === '409')).toHaveLength(5)
    expect(
      (await filesOnDisk(stack)).filter((f) => f.startsWith('buckets/avatars/first-wins.bin~'))
    ).toHaveLength(1)
    expect(await tmpFiles()).toEqual([])
  })
})

describe('large bodies', () => {
  it('streams a large raw body and a large multipart body through intact', async () => {
    const size = 24 * 1024 * 1024
    const chunk = bytes(1024 * 1024, 5)
    const hash = createHash('md5')
    for (let i = 0; i < size / chunk.length; i++) hash.update(chunk)
    const expected = hash.digest('hex')
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < size / chunk.length; i++) yield chunk
      })()
    )
    const raw = await avatars().upload('large-raw.bin', stream, {
      contentType: 'application/octet-stream',
    })
    expect(raw.error).toBeNull()
    const blob = new Blob(Array.from({ length: size / chunk.length }, () => chunk))
    expect((await avatars().upload('large-form.bin', blob)).error).toBeNull()
    for (const name of ['large-raw.bin', 'large-form.bin']) {
      const [row] = await stack.sql`select metadata from storage.objects where name = ${name}`
      expect(row?.metadata).toMatchObject({ size, eTag: `"${expected}"` })
      const download = await avatars().download(name)
      expect(md5(Buffer.from(await download.data!.arrayBuffer()))).toBe(expected)
    }
  })
})

describe('recovery after a crash', () => {
  async function insertRow(name: string, version: string, content: Buffer) {
    await stack.sql`
      insert into storage.objects (bucket_id, name, version, metadata)
      values ('avatars', ${name}, ${version}, ${stack.sql.json({
        eTag: `"${md5(content)}"`,
        size: content.length,
        mimetype: 'text/plain',
        cacheControl: 'no-cache',
        lastModified: new Date().toISOString(),
        contentLength: content.length,
        httpStatusCode: 200,
      })})`
  }

  it('finishes an upload whose row committed and discards one whose row did not', async () => {
    const committed = randomUUID()
    const content = Buffer.from('committed before the crash')
    await writeFile(deps.disk.tempPath(committed), content)
    await insertRow('crash/committed.txt', committed, content)
    const lost = randomUUID()
    await writeFile(deps.disk.tempPath(lost), 'never committed')
    expect(await recoverUploads(deps)).toEqual({ finished: 1, discarded: 1 })
    expect(await tmpFiles()).toEqual([])
    const download = await avatars().download('crash/committed.txt')
    expect(await download.data?.text()).toBe('committed before the crash')
    expect(await filesOnDisk(stack)).toContain(`buckets/avatars/crash/committed.txt~${committed}`)
  })

  it('serves a committed upload whose rename has not happened yet', async () => {
    const version = randomUUID()
    const content = Buffer.from('between commit and rename')
    await writeFile(deps.disk.tempPath(version), content)
    await insertRow('crash/window.txt', version, content)
    const download = await avatars().download('crash/window.txt')
    expect(await download.data?.text()).toBe('between commit and rename')
    await recoverUploads(deps)
  })

  it('removes files no row refers to, and keeps the others', async () => {
    await avatars().upload('sweep/kept.txt', 'kept')
    const orphan = deps.disk.objectPath('avatars', 'sweep/orphan.txt', randomUUID())
    await mkdir(path.dirname(orphan), { recursive: true })
    await writeFile(orphan, 'nobody refers to me')
    const deleted = randomUUID()
    const removedRow = deps.disk.objectPath('avatars', 'sweep/deleted/row.txt', deleted)
    await mkdir(path.dirname(removedRow), { recursive: true })
    await writeFile(removedRow, 'row deleted, file left behind')
    const before = await filesOnDisk(stack)
    expect(await sweepOrphans(deps)).toBe(2)
    const after = await filesOnDisk(stack)
    expect(before.length - after.length).toBe(2)
    expect(after.some((f) => f.includes('sweep/orphan.txt'))).toBe(false)
    expect(after.some((f) => f.includes('sweep/deleted'))).toBe(false)
    expect(await (await avatars().download('sweep/kept.txt')).data?.text()).toBe('kept')
    const rows = await stack.sql`select bucket_id, name, version from storage.objects`
    for (const row of rows) {
      const file = path.relative(
        deps.disk.root,
        deps.disk.objectPath(row.bucket_id, row.name, row.version)
      )
      expect(after).toContain(file)
    }
  })
})
