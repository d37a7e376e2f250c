// Resumable uploads across a restart of the stack (what was acknowledged is kept, and the upload
// goes on from there) and their expiry (TUS_URL_EXPIRY_MS, as Storage names it): an expired
// upload is gone (410), then swept with its parts.
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'
import { bytes, etagOf, makeUser, objectRow, startStorageStack } from './support.ts'
import { headOffset, rawTus, tusUpload } from './resumable-support.ts'

let stack: TestStack
let alice: TestUser

beforeAll(async () => {
  stack = await startStorageStack()
  alice = await makeUser(stack)
})

afterAll(async () => {
  delete process.env.TUS_URL_EXPIRY_MS
  await stack?.stop()
})

const endpoint = () => `${stack.url}/storage/v1/upload/resumable`

async function create(path: string, length: number): Promise<string> {
  const metadata = [`bucketName ${b64('files')}`, `objectName ${b64(path)}`].join(',')
  const created = await rawTus(stack, endpoint(), {
    method: 'POST',
    token: alice.token,
    headers: { 'upload-length': String(length), 'upload-metadata': metadata },
  })
  expect(created.status).toBe(201)
  return created.headers.get('location')!
}

function patch(location: string, offset: number, body: Buffer): Promise<Response> {
  return rawTus(stack, location, {
    method: 'PATCH',
    token: alice.token,
    headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body,
  })
}

const b64 = (text: string) => Buffer.from(text).toString('base64')

const partsOnDisk = () => readdir(path.join(stack.context.dataDir, 'storage', 'resumable'))

describe('a restart of the stack', () => {
  it('keeps every acknowledged byte, and the upload goes on from there', async () => {
    const data = bytes(5_000_000, 11)
    const objectPath = `${alice.id}/across-restart.bin`
    const location = await create(objectPath, data.length)
    expect((await patch(location, 0, data.subarray(0, 3_000_000))).status).toBe(204)
    await stack.restart()
    // The stack may come back on the same port; the upload's URL still names it.
    expect(await headOffset(stack, location, alice.token)).toBe(3_000_000)
    const resumed = await tusUpload(stack, data, {
      token: alice.token,
      uploadUrl: location,
      metadata: { bucketName: 'files', objectName: objectPath },
    })
    expect(resumed.patchOffsets).toEqual([3_000_000])
    expect(resumed.bytesSent).toBe(2_000_000)
    const { data: blob } = await alice.client.storage.from('files').download(objectPath)
    expect(Buffer.from(await blob!.arrayBuffer()).equals(data)).toBe(true)
    // The MD5 of the bytes from before the restart is read back from disk.
    expect((await objectRow(stack, 'files', objectPath))?.metadata.eTag).toBe(etagOf(data))
  })
})

describe('expiry', () => {
  it('answers 410 for an expired upload, then sweeps it and its parts away', async () => {
    process.env.TUS_URL_EXPIRY_MS = '1500'
    await stack.restart()
    const location = await create(`${alice.id}/expires.bin`, 100)
    expect((await patch(location, 0, Buffer.from('partial'))).status).toBe(204)
    const version = Buffer.from(location.split('/').pop()!, 'base64url').toString().split('/').pop()
    expect(await partsOnDisk()).toContain(version)
    // Until the moment the stack recorded for its expiry is past (the stack runs in this process,
    // on this clock).
    const info = path.join(stack.context.dataDir, 'storage', 'resumable', version!, 'info.json')
    const { expiresAt } = JSON.parse(await readFile(info, 'utf8')) as { expiresAt: number }
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(expiresAt), {
      timeout: 10_000,
      interval: 50,
    })
    const gone = await patch(location, 7, Buffer.from('more'))
    expect([gone.status, await gone.text()]).toEqual([
      410,
      'The file for this url no longer exists\n',
    ])
    // The sweep runs as often as uploads expire (here every 1.5 s).
    await vi.waitFor(async () => expect(await partsOnDisk()).not.toContain(version), {
      timeout: 10_000,
      interval: 100,
    })
    expect((await rawTus(stack, location, { method: 'HEAD', token: alice.token })).status).toBe(404)
  })
})
