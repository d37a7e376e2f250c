// storage-js's suite (test/storageBucketApi.test.ts and test/storageFileApi.test.ts upstream)
// against Storage on /storage/v1 with the service key: buckets, uploads (multipart and raw),
// upsert, update, move, copy, download, info/exists, list, signed URLs (download and upload),
// public URLs, bucket limits, removal, and StorageApiError's status/statusCode split.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StorageApiError } from '@supabase/storage-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { cliConfig } from './support.ts'

/** Polls an asynchronous check until it yields a value (at most 5 s). */
async function waitForAsync<T>(check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 5000
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

let stack: TestStack
let storage: SupabaseClient['storage']
let storageUrl: string

beforeAll(async () => {
  stack = await startTestStack({ config: cliConfig('storage-js') })
  storage = stack.client(stack.serviceRoleKey).storage
  storageUrl = `${stack.url}/storage/v1`
})

afterAll(async () => {
  await stack?.stop()
})

let counter = 0
function newBucket(prefix = 'bucket'): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}`
}

const text = (value: string) => new Blob([value], { type: 'text/plain' })

describe('bucket API', () => {
  it('creates, gets, lists, updates, empties and deletes a bucket', async () => {
    const id = newBucket()
    expect(await storage.createBucket(id)).toEqual({ data: { name: id }, error: null })
    const got = await storage.getBucket(id)
    expect(got.error).toBeNull()
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    const listed = await storage.listBuckets()
    expect(listed.data?.map((b) => b.id)).toContain(id)

    const updated = await storage.updateBucket(id, {
      public: true,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['text/plain'],
    })
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
    expect((await storage.getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ['text/plain'],
    })

    await storage.from(id).upload('a.txt', text('a'))
    const notEmpty = await storage.deleteBucket(id)
    expect(notEmpty.error).toBeInstanceOf(StorageApiError)
    expect(notEmpty.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    })
    const emptied = await storage.emptyBucket(id)
    expect(emptied.error).toBeNull()
    // Current Storage queues the work ("Empty bucket has been queued…"); wait for it to happen.
    await waitForAsync(async () =>
      (await storage.from(id).list()).data?.length === 0 ? true : undefined
    )
    expect(await storage.deleteBucket(id)).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    })
  })

  it('a missing bucket is statusCode 404 Bucket not found (HTTP 400)', async () => {
    const { data, error } = await storage.getBucket('no-such-bucket')
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(StorageApiError)
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' })
  })

  it('creating an existing bucket is statusCode 409', async () => {
    const id = newBucket()
    await storage.createBucket(id)
    const { error } = await storage.createBucket(id)
    expect(error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
  })
})

describe('file API', () => {
  let bucket: string
  beforeAll(async () => {
    bucket = newBucket('files')
    await storage.createBucket(bucket, { public: true })
  })

  it('getPublicUrl() and createSignedUrl() build URLs under /storage/v1', async () => {
    const path = 'folder/public.txt'
    await storage.from(bucket).upload(path, text('public'))
    const publicUrl = storage.from(bucket).getPublicUrl(path)
    expect(publicUrl.data.publicUrl).toBe(`${storageUrl}/object/public/${bucket}/${path}`)
    const fetched = await fetch(publicUrl.data.publicUrl)
    expect(fetched.status).toBe(200)
    expect(await fetched.text()).toBe('public')
    const asDownload = storage.from(bucket).getPublicUrl(path, { download: true })
    expect(asDownload.data.publicUrl).toBe(
      `${storageUrl}/object/public/${bucket}/${path}?download=`
    )

    const signed = await storage.from(bucket).createSignedUrl(path, 2000)
    expect(signed.error).toBeNull()
    expect(signed.data?.signedUrl).toContain(`${storageUrl}/object/sign/${bucket}/${path}?token=`)
    const viaSigned = await fetch(signed.data!.signedUrl)
    expect(await viaSigned.text()).toBe('public')
    const download = await storage.from(bucket).createSignedUrl(path, 60, { download: 'name.txt' })
    const attachment = await fetch(download.data!.signedUrl)
    expect(attachment.headers.get('content-disposition')).toBe(
      // Storage's renderer ends the header with a semicolon.
      "attachment; filename=name.txt; filename*=UTF-8''name.txt;"
    )
  })

  it('upload() returns id, path and fullPath; a duplicate is statusCode 409', async () => {
    const path = 'upload/file.txt'
    const { data, error } = await storage.from(bucket).upload(path, text('one'))
    expect(error).toBeNull()
    expect(data).toEqual({ id: expect.any(String), path, fullPath: `${bucket}/${path}` })
    const duplicate = await storage.from(bucket).upload(path, text('two'))
    expect(duplicate.data).toBeNull()
    expect(duplicate.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    const upsert = await storage.from(bucket).upload(path, text('three'), { upsert: true })
    expect(upsert.error).toBeNull()
    const downloaded = await storage.from(bucket).download(path)
    expect(await downloaded.data?.text()).toBe('three')
  })

  it('uploads raw bodies with contentType, cacheControl and metadata', async () => {
    const path = 'raw/data.json'
    const body = Buffer.from(JSON.stringify({ a: 1 }))
    const { error } = await storage.from(bucket).upload(path, body, {
      contentType: 'application/json',
      cacheControl: '60',
      metadata: { owner: 'tests' },
    })
    expect(error).toBeNull()
    const info = await storage.from(bucket).info(path)
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({
      id: expect.any(String),
      name: path,
      bucketId: bucket,
      size: body.length,
      contentType: 'application/json',
      cacheControl: 'max-age=60',
      etag: expect.any(String),
      metadata: { owner: 'tests' },
      lastModified: expect.any(String),
      createdAt: expect.any(String),
    })
    const response = await fetch(`${storageUrl}/object/public/${bucket}/${path}`)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('cache-control')).toBe('max-age=60')
    expect(response.headers.get('etag')).toBe(info.data?.etag)
  })

  it('exists() is true for a file and false for a missing one', async () => {
    await storage.from(bucket).upload('exists/yes.txt', text('y'))
    expect(await storage.from(bucket).exists('exists/yes.txt')).toEqual({ data: true, error: null })
    // exists() is a HEAD: a missing object is a bare HTTP 400, which storage-js hands back
    // alongside data: false.
    const missing = await storage.from(bucket).exists('exists/no.txt')
    expect(missing.data).toBe(false)
    expect(missing.error).toMatchObject({ status: 400, statusCode: '400' })
    const info = await storage.from(bucket).info('exists/no.txt')
    expect(info.error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    })
  })

  it('update() replaces; move() and copy() answer their messages', async () => {
    await storage.from(bucket).upload('ops/source.txt', text('source'))
    const updated = await storage.from(bucket).update('ops/source.txt', text('updated'))
    expect(updated.error).toBeNull()
    expect(updated.data).toMatchObject({
      path: 'ops/source.txt',
      fullPath: `${bucket}/ops/source.txt`,
    })

    const copied = await storage.from(bucket).copy('ops/source.txt', 'ops/copy.txt')
    expect(copied).toEqual({ data: { path: `${bucket}/ops/copy.txt` }, error: null })
    const moved = await storage.from(bucket).move('ops/source.txt', 'ops/moved.txt')
    expect(moved).toEqual({ data: { message: 'Successfully moved' }, error: null })
    expect(await (await storage.from(bucket).download('ops/moved.txt')).data?.text()).toBe(
      'updated'
    )
    expect(await (await storage.from(bucket).download('ops/copy.txt')).data?.text()).toBe('updated')
    const missing = await storage.from(bucket).download('ops/source.txt')
    expect(missing.error).toMatchObject({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    })
  })

  it('list() returns one level with folders, sorted, with search and paging', async () => {
    for (const name of ['list/b.txt', 'list/a.txt', 'list/sub/c.txt']) {
      await storage.from(bucket).upload(name, text(name))
    }
    const { data, error } = await storage.from(bucket).list('list')
    expect(error).toBeNull()
    expect(data?.map((f) => f.name)).toEqual(['a.txt', 'b.txt', 'sub'])
    expect(data?.[2]).toEqual({
      name: 'sub',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    })
    expect(data?.[0]).toMatchObject({
      id: expect.any(String),
      metadata: {
        size: 10,
        mimetype: 'text/plain',
        cacheControl: 'max-age=3600',
        eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
        contentLength: 10,
        httpStatusCode: 200,
        lastModified: expect.any(String),
      },
    })
    const searched = await storage.from(bucket).list('list', { search: 'b' })
    expect(searched.data?.map((f) => f.name)).toEqual(['b.txt'])
    const paged = await storage
      .from(bucket)
      .list('list', { limit: 1, offset: 1, sortBy: { column: 'name', order: 'desc' } })
    expect(paged.data?.map((f) => f.name)).toEqual(['b.txt'])
  })

  it('createSignedUrls() signs several paths and reports missing ones', async () => {
    await storage.from(bucket).upload('signed/one.txt', text('1'))
    const { data, error } = await storage
      .from(bucket)
      .createSignedUrls(['signed/one.txt', 'signed/none.txt'], 60)
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        error: null,
        path: 'signed/one.txt',
        signedURL: expect.stringContaining(`/object/sign/${bucket}/signed/one.txt?token=`),
        signedUrl: expect.stringContaining(
          `${storageUrl}/object/sign/${bucket}/signed/one.txt?token=`
        ),
      },
      {
        error: 'Either the object does not exist or you do not have access to it',
        path: 'signed/none.txt',
        signedURL: null,
        signedUrl: null,
      },
    ])
  })

  it('createSignedUploadUrl() + uploadToSignedUrl() upload without other credentials', async () => {
    const path = 'signed-upload/file.txt'
    const signed = await storage.from(bucket).createSignedUploadUrl(path)
    expect(signed.error).toBeNull()
    expect(signed.data).toEqual({
      signedUrl: expect.stringContaining(
        `${storageUrl}/object/upload/sign/${bucket}/${path}?token=`
      ),
      token: expect.any(String),
      path,
    })
    const anonymous = stack.client().storage
    const uploaded = await anonymous
      .from(bucket)
      .uploadToSignedUrl(path, signed.data!.token, text('signed'))
    expect(uploaded.error).toBeNull()
    expect(uploaded.data).toMatchObject({ path, fullPath: `${bucket}/${path}` })
    expect(await (await storage.from(bucket).download(path)).data?.text()).toBe('signed')
  })

  it('remove() returns the removed objects; removing again returns none', async () => {
    await storage.from(bucket).upload('remove/x.txt', text('x'))
    const removed = await storage.from(bucket).remove(['remove/x.txt'])
    expect(removed.error).toBeNull()
    expect(removed.data).toHaveLength(1)
    expect(removed.data?.[0]).toMatchObject({ name: 'remove/x.txt', bucket_id: bucket })
    expect(await storage.from(bucket).remove(['remove/x.txt'])).toEqual({ data: [], error: null })
  })
})

describe('bucket limits', () => {
  it('fileSizeLimit refuses larger uploads with statusCode 413', async () => {
    const id = newBucket('limited')
    await storage.createBucket(id, { public: false, fileSizeLimit: 8 })
    const { error } = await storage.from(id).upload('big.txt', text('more than eight bytes'))
    expect(error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    })
  })

  it('allowedMimeTypes refuses other types with statusCode 415', async () => {
    const id = newBucket('images')
    await storage.createBucket(id, { public: false, allowedMimeTypes: ['image/*'] })
    const { error } = await storage.from(id).upload('note.txt', text('text'))
    expect(error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    })
  })
})
