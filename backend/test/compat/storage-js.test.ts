// storage-js's file API suite (test/storageFileApi.test.ts upstream) against Storage on
// /storage/v1 with the service key: uploads (multipart and raw), upsert, update, move, copy,
// download, info/exists, list, signed URLs (download and upload), public URLs, removal, and
// StorageApiError's status/statusCode split. The bucket API: storage-js-buckets.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { newBucket, text } from './storage-js-support.ts'
import { cliConfig } from './support.ts'

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
