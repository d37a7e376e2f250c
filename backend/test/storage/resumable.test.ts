// Resumable uploads at /storage/v1/upload/resumable with tus-js-client, the client Supabase
// documents: the protocol's answers, uploads in 6 MB chunks, resuming after a dropped connection
// without sending again what the server has, and termination. Row-level security when an upload
// is created and again when it completes, the bucket's limits, overwrites and signed resumable
// uploads: resumable-access.test.ts. Restarts and expiry: resumable-restart.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'
import { bytes, etagOf, makeUser, objectRow, startStorageStack } from './support.ts'
import { resumableEndpoint } from './resumable-requests.ts'
import {
  createTus,
  dropAfter,
  rawTus,
  SIX_MB,
  tusUpload,
  waitForOffset,
} from './resumable-support.ts'

let stack: TestStack
let alice: TestUser

beforeAll(async () => {
  stack = await startStorageStack()
  alice = await makeUser(stack)
})

afterAll(async () => {
  await stack?.stop()
})

const endpoint = () => resumableEndpoint(stack)

describe('the protocol', () => {
  it('answers OPTIONS with the versions, extensions and the largest size', async () => {
    const response = await fetch(endpoint(), { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('tus-resumable')).toBe('1.0.0')
    expect(response.headers.get('tus-version')).toBe('1.0.0')
    expect(response.headers.get('tus-extension')).toBe(
      'creation,creation-with-upload,creation-defer-length,termination,expiration'
    )
    expect(response.headers.get('tus-max-size')).toBe(String(50 * 1024 * 1024))
  })

  it('creates an upload at a Location naming the object, and reports its offset', async () => {
    const created = await createTus(stack, alice.token, 10, {
      bucketName: 'files',
      objectName: `${alice.id}/a.bin`,
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    const id = location.slice(`${endpoint()}/`.length)
    expect(Buffer.from(id, 'base64url').toString('utf8')).toMatch(
      new RegExp(`^files/${alice.id}/a\\.bin/[0-9a-f-]{36}$`)
    )
    expect(new Date(created.headers.get('upload-expires')!).getTime()).toBeGreaterThan(Date.now())
    const head = await rawTus(stack, location, { method: 'HEAD', token: alice.token })
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('0')
    expect(head.headers.get('upload-length')).toBe('10')
    expect(head.headers.get('cache-control')).toBe('no-store')
    // A PATCH at another offset is a conflict; the right one is acknowledged with the new offset.
    const wrong = await rawTus(stack, location, {
      method: 'PATCH',
      token: alice.token,
      headers: { 'upload-offset': '3', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.from('abc'),
    })
    expect([wrong.status, await wrong.text()]).toEqual([409, 'Upload-Offset conflict\n'])
    const right = await rawTus(stack, location, {
      method: 'PATCH',
      token: alice.token,
      headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.from('abc'),
    })
    expect(right.status).toBe(204)
    expect(right.headers.get('upload-offset')).toBe('3')
  })

  it("refuses requests without the protocol's headers, in its words", async () => {
    const bare = await fetch(endpoint(), {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, apikey: stack.anonKey },
    })
    expect([bare.status, await bare.text()]).toEqual([412, 'Tus-Resumable Required\n'])
    const noLength = await rawTus(stack, endpoint(), { method: 'POST', token: alice.token })
    expect([noLength.status, await noLength.text()]).toEqual([
      400,
      'Upload-Length or Upload-Defer-Length header required\n',
    ])
    const badOffset = await rawTus(stack, `${endpoint()}/abc`, {
      method: 'PATCH',
      token: alice.token,
      headers: { 'upload-offset': '-1', 'content-type': 'application/offset+octet-stream' },
    })
    expect([badOffset.status, await badOffset.text()]).toEqual([400, 'Invalid upload-offset\n'])
    const unknown = await rawTus(
      stack,
      `${endpoint()}/${Buffer.from('files/x/y').toString('base64url')}`,
      {
        method: 'HEAD',
        token: alice.token,
      }
    )
    expect(unknown.status).toBe(404)
    // No JWT is Storage's own JSON error, as on every authenticated route.
    const anonymous = await fetch(endpoint(), {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '1' },
    })
    expect(await anonymous.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' })
  })
})

describe('uploads with tus-js-client', () => {
  it('uploads in 6 MB chunks into an object with its type, cache control and metadata', async () => {
    const data = bytes(SIX_MB * 2 + 12_345, 3)
    const path = `${alice.id}/video.mp4`
    const result = await tusUpload(stack, data, {
      token: alice.token,
      metadata: {
        bucketName: 'files',
        objectName: path,
        contentType: 'video/mp4',
        cacheControl: '3600',
        metadata: JSON.stringify({ camera: 'train' }),
      },
    })
    expect(result.patchOffsets).toEqual([0, SIX_MB, SIX_MB * 2])
    const row = await objectRow(stack, 'files', path)
    expect(row).toMatchObject({
      owner: alice.id,
      metadata: {
        size: data.length,
        mimetype: 'video/mp4',
        cacheControl: 'max-age=3600',
        eTag: etagOf(data),
      },
      user_metadata: { camera: 'train' },
    })
    const { data: blob, error } = await alice.client.storage.from('files').download(path)
    expect(error).toBeNull()
    expect(Buffer.from(await blob!.arrayBuffer()).equals(data)).toBe(true)
    // The answer of the last PATCH says the upload is complete; the record stays, at its end.
    const head = await rawTus(stack, result.url, { method: 'HEAD', token: alice.token })
    expect(head.headers.get('upload-offset')).toBe(String(data.length))
    // (With x-upsert: without it, the caller's check already answers that the object exists.)
    const again = await rawTus(stack, result.url, {
      method: 'DELETE',
      token: alice.token,
      headers: { 'x-upsert': 'true' },
    })
    expect([again.status, await again.text()]).toEqual([
      400,
      'Cannot terminate an already completed upload',
    ])
  })

  it('resumes after a dropped connection from what the server has, never from zero', async () => {
    const data = bytes(SIX_MB + 500_000, 9)
    const path = `${alice.id}/dropped.bin`
    const created = await createTus(stack, alice.token, data.length, {
      bucketName: 'files',
      objectName: path,
    })
    const location = created.headers.get('location')!
    await dropAfter(stack, location, alice.token, 0, data, 2_000_000)
    const kept = await waitForOffset(stack, location, alice.token, (offset) => offset > 0)
    expect(kept).toBeGreaterThan(0)
    expect(kept).toBeLessThanOrEqual(2_000_000)
    // Nothing half-uploaded is listed or served.
    const listed = await alice.client.storage.from('files').list(alice.id)
    expect(listed.data?.map((o) => o.name)).not.toContain('dropped.bin')
    expect((await alice.client.storage.from('files').download(path)).error).not.toBeNull()
    const resumed = await tusUpload(stack, data, {
      token: alice.token,
      uploadUrl: location,
      metadata: { bucketName: 'files', objectName: path },
    })
    expect(resumed.patchOffsets[0]).toBe(kept)
    expect(resumed.bytesSent).toBe(data.length - kept)
    const { data: blob } = await alice.client.storage.from('files').download(path)
    expect(Buffer.from(await blob!.arrayBuffer()).equals(data)).toBe(true)
    // The MD5 went on from the bytes kept (the body that ended early included).
    expect((await objectRow(stack, 'files', path))?.metadata.eTag).toBe(etagOf(data))
  })

  it('terminates an incomplete upload, its parts removed', async () => {
    const created = await createTus(stack, alice.token, 100, {
      bucketName: 'files',
      objectName: `${alice.id}/t.bin`,
    })
    const location = created.headers.get('location')!
    const deleted = await rawTus(stack, location, { method: 'DELETE', token: alice.token })
    expect(deleted.status).toBe(204)
    expect((await rawTus(stack, location, { method: 'HEAD', token: alice.token })).status).toBe(404)
  })
})
