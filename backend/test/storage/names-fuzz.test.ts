// A fuzz test of object names: whatever the name, a path is either refused (InvalidKey) or lies
// inside the bucket's folder, and two different names never share a file. First against the disk
// adapter's path guard directly (thousands of names), then end to end over HTTP with names sent
// exactly as generated (no client-side normalisation).
import { request as httpRequest } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Disk } from '../../src/storage/disk.ts'
import { StorageError } from '../../src/storage/errors.ts'
import { isValidBucketName, isValidKey } from '../../src/storage/names.ts'
import { seededRandom } from '../support/seeded-random.ts'
import type { TestStack } from '../support/stack.ts'
import { filesOnDisk, serviceClient, startStorageStack } from './support.ts'

const PIECES = [
  'a',
  'b',
  'Z',
  '0',
  '.',
  '..',
  '/',
  '//',
  '\\',
  '\0',
  '%',
  '%2e',
  '%2f',
  '~',
  '#',
  ' ',
  '-',
  '_',
  '!',
  '*',
  "'",
  '(',
  ')',
  '&',
  '$',
  '@',
  '=',
  ';',
  ':',
  '+',
  ',',
  '?',
  'é',
  'e\u0301',
  '\u202e',
  '\u200b',
  '😀',
  '\n',
  '\t',
  'CON',
  'nul',
  '.emptyFolderPlaceholder',
  'x'.repeat(150),
  '/..',
  '../',
]

function randomName(next: () => number): string {
  const length = 1 + Math.floor(next() * 12)
  let name = ''
  for (let i = 0; i < length; i++) name += PIECES[Math.floor(next() * PIECES.length)]
  if (next() < 0.05) name = '/' + name
  if (next() < 0.05) name = 'x'.repeat(Math.floor(next() * 1100))
  return name
}

describe('the path guard, fuzzed', () => {
  let root: string
  let disk: Disk

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storage-fuzz-'))
    disk = await Disk.open(root)
  })

  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('keeps every key inside its bucket folder and never maps two keys to one file', () => {
    const next = seededRandom(20240601)
    const bucketDir = disk.bucketDir('fuzz')
    const owners = new Map<string, string>()
    const violations: string[] = []
    let valid = 0
    for (let i = 0; i < 20_000; i++) {
      const name = randomName(next)
      let file: string
      try {
        file = disk.objectPath('fuzz', name, '00000000-0000-4000-8000-000000000000')
      } catch (error) {
        if (!(error instanceof StorageError) || error.code !== 'InvalidKey') {
          violations.push(`${JSON.stringify(name)} threw ${String(error)}`)
        }
        if (isValidKey(name)) violations.push(`${JSON.stringify(name)} is valid but was refused`)
        continue
      }
      const relative = path.relative(bucketDir, file).split(path.sep)
      if (!file.startsWith(bucketDir + path.sep) || path.normalize(file) !== file) {
        violations.push(`${JSON.stringify(name)} -> ${file} is outside the bucket folder`)
      }
      if (relative.includes('..') || relative.some((s) => Buffer.byteLength(s) > 255)) {
        violations.push(`${JSON.stringify(name)} -> ${file} has a bad segment`)
      }
      if (isValidKey(name)) {
        valid++
        const previous = owners.get(file)
        if (previous !== undefined && previous !== name) {
          violations.push(`${JSON.stringify(name)} and ${JSON.stringify(previous)} share ${file}`)
        }
        owners.set(file, name)
      }
    }
    expect(violations).toEqual([])
    // The generator must reach both sides of the rule for the test to mean anything.
    expect(valid).toBeGreaterThan(1000)
    expect(valid).toBeLessThan(19_000)
  })

  it('keeps every bucket name one folder under the buckets root', () => {
    const next = seededRandom(7)
    for (let i = 0; i < 5000; i++) {
      const name = randomName(next).slice(0, 120)
      try {
        const dir = disk.bucketDir(name)
        expect(isValidBucketName(name)).toBe(true)
        expect(path.dirname(dir)).toBe(disk.bucketsRoot)
      } catch (error) {
        expect((error as StorageError).code).toBe('InvalidBucketName')
      }
    }
  })
})

describe('object names over HTTP, fuzzed', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startStorageStack()
    await serviceClient(stack).storage.createBucket('fuzz', { public: false })
  })

  afterAll(async () => {
    await stack?.stop()
  })

  /** POSTs with each segment percent-encoded and the path otherwise sent as is. */
  function upload(
    name: string,
    body: string
  ): Promise<{ status: number; body: { code?: string } }> {
    const url = new URL(stack.url)
    const encoded = name.split('/').map(encodeURIComponent).join('/')
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/storage/v1/object/fuzz/${encoded}`,
          headers: {
            apikey: stack.anonKey,
            authorization: `Bearer ${stack.serviceRoleKey}`,
            'content-type': 'text/plain',
            'x-upsert': 'true',
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString()
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} })
          })
        }
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  it('stores valid names inside the bucket folder and refuses the rest, never failing', async () => {
    const next = seededRandom(99)
    const accepted = new Map<string, string>()
    for (let i = 0; i < 200; i++) {
      const name = randomName(next)
      const response = await upload(name, `content ${i}`)
      if (isValidKey(name)) {
        expect(response.status, name).toBe(200)
        accepted.set(name, `content ${i}`)
      } else {
        expect(response.status, JSON.stringify(name)).toBeLessThan(500)
        expect(response.status).not.toBe(200)
      }
    }
    expect(accepted.size).toBeGreaterThan(10)
    const files = await filesOnDisk(stack)
    for (const file of files)
      expect(file.startsWith('buckets/fuzz/') || file.startsWith('buckets/avatars/')).toBe(true)
    const rows = await stack.sql`select name from storage.objects where bucket_id = 'fuzz'`
    expect(rows.map((r) => r.name).sort()).toEqual([...accepted.keys()].sort())
    expect(files.filter((f) => f.startsWith('buckets/fuzz/'))).toHaveLength(accepted.size)
    // Each row's version is the file the adapter maps its name to, holding what was sent.
    const disk = await Disk.open(path.join(stack.context.dataDir, 'storage'))
    const versions =
      await stack.sql`select name, version from storage.objects where bucket_id = 'fuzz'`
    for (const { name, version } of versions) {
      const file = disk.objectPath('fuzz', name as string, version as string)
      expect(files).toContain(path.relative(disk.root, file))
      expect(await readFile(file, 'utf8')).toBe(accepted.get(name as string))
    }
  })
})
