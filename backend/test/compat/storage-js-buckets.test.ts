// storage-js's bucket API suite (test/storageBucketApi.test.ts upstream) with the service key:
// create, get, list, update, empty, delete, bucket limits, StorageApiError's status/statusCode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StorageApiError } from '@supabase/storage-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { newBucket, text, waitForAsync } from './storage-js-support.ts'
import { cliConfig } from './support.ts'

let stack: TestStack
let storage: SupabaseClient['storage']

beforeAll(async () => {
  stack = await startTestStack({ config: cliConfig('storage-js') })
  storage = stack.client(stack.serviceRoleKey).storage
})

afterAll(async () => {
  await stack?.stop()
})

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
