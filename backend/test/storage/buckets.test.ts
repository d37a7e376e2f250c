// Buckets through supabase-js: create, get, list, update, empty, delete; limits; the errors
// Storage answers with; row-level security on storage.buckets. Buckets declared in config.toml:
// config-buckets.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import {
  bytes,
  errorShape,
  filesOnDisk,
  makeUser,
  serviceClient,
  startStorageStack,
  storageFetch,
} from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startStorageStack()
})

afterAll(async () => {
  await stack?.stop()
})

describe('creating and reading buckets', () => {
  it('creates a bucket with limits and returns it as Storage does', async () => {
    const storage = serviceClient(stack).storage
    const created = await storage.createBucket('photos', {
      public: true,
      fileSizeLimit: '2MB',
      allowedMimeTypes: ['image/*', 'application/pdf'],
    })
    expect(created).toEqual({ data: { name: 'photos' }, error: null })
    const { data, error } = await storage.getBucket('photos')
    expect(error).toBeNull()
    expect(data).toEqual({
      id: 'photos',
      name: 'photos',
      owner: null,
      public: true,
      file_size_limit: 2_000_000,
      allowed_mime_types: ['image/*', 'application/pdf'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  it('takes a limit in bytes and lists buckets with search, sort and paging', async () => {
    const storage = serviceClient(stack).storage
    expect(
      (await storage.createBucket('list-b', { public: false, fileSizeLimit: 1234 })).error
    ).toBeNull()
    expect((await storage.createBucket('list-a', { public: false })).error).toBeNull()
    expect((await storage.getBucket('list-b')).data?.file_size_limit).toBe(1234)
    const all = await storage.listBuckets({ search: 'list-', sortColumn: 'name', sortOrder: 'asc' })
    expect(all.data?.map((b) => b.id)).toEqual(['list-a', 'list-b'])
    // The list adds the bucket's type to the fields of GET /bucket/{id}, and nothing else.
    expect(all.data?.[1]).toEqual({
      id: 'list-b',
      name: 'list-b',
      public: false,
      owner: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      file_size_limit: 1234,
      allowed_mime_types: null,
      type: 'STANDARD',
    })
    const desc = await storage.listBuckets({
      search: 'list-',
      sortColumn: 'name',
      sortOrder: 'desc',
    })
    expect(desc.data?.map((b) => b.id)).toEqual(['list-b', 'list-a'])
    const page = await storage.listBuckets({
      search: 'list-',
      sortColumn: 'name',
      limit: 1,
      offset: 1,
    })
    expect(page.data?.map((b) => b.id)).toEqual(['list-b'])
    const every = await storage.listBuckets()
    expect(every.data?.map((b) => b.id)).toEqual(
      expect.arrayContaining(['avatars', 'files', 'team', 'list-a', 'list-b'])
    )
  })

  it('refuses a duplicate bucket, a bad name and bad limits in Storage format', async () => {
    const storage = serviceClient(stack).storage
    expect((await storage.createBucket('dup', { public: false })).error).toBeNull()
    const again = await storage.createBucket('dup', { public: false })
    expect(errorShape(again.error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    for (const name of ['a/b', '..', ' padded', 'x'.repeat(101), 'emoji😀']) {
      const response = await storageFetch(stack, '/bucket', {
        method: 'POST',
        token: stack.serviceRoleKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        statusCode: '400',
        code: 'InvalidBucketName',
        error: 'Invalid Input',
        message: 'Bucket name invalid',
      })
    }
    const tooBig = await storage.createBucket('too-big', { public: false, fileSizeLimit: '1GB' })
    expect(errorShape(tooBig.error)).toEqual({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    })
    const badFormat = await storage.createBucket('bad-format', {
      public: false,
      fileSizeLimit: 'ten MB',
    })
    expect(errorShape(badFormat.error).statusCode).toBe('400')
    expect(errorShape(badFormat.error).message).toMatch(/Invalid file size format/)
    const badMime = await storage.createBucket('bad-mime', {
      public: false,
      allowedMimeTypes: ['image'],
    })
    expect(errorShape(badMime.error)).toEqual({
      status: 400,
      statusCode: '415',
      message: 'mime type image is not supported',
    })
    expect((await storage.getBucket('too-big')).error).not.toBeNull()
  })

  it('answers a missing bucket with NoSuchBucket', async () => {
    const response = await storageFetch(stack, '/bucket/nope', { token: stack.serviceRoleKey })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    })
  })
})

describe('row-level security on buckets', () => {
  it('lets a user create only what the policies allow, owned by the JWT sub', async () => {
    const user = await makeUser(stack)
    const mine = await user.client.storage.createBucket('user-box', { public: false })
    expect(mine.error).toBeNull()
    const [row] =
      await stack.sql`select owner::text, owner_id from storage.buckets where id = 'user-box'`
    expect(row).toEqual({ owner: user.id, owner_id: user.id })
    const refused = await user.client.storage.createBucket('not-mine', { public: false })
    expect(errorShape(refused.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
  })

  it('shows no bucket to a role without a select policy', async () => {
    const anon = stack.client()
    const { data, error } = await anon.storage.listBuckets()
    expect(error).toBeNull()
    expect(data).toEqual([])
    const missing = await anon.storage.getBucket('avatars')
    expect(errorShape(missing.error).statusCode).toBe('404')
  })

  it('does not let a user update or delete a bucket without a policy for it', async () => {
    const user = await makeUser(stack)
    const update = await user.client.storage.updateBucket('avatars', { public: false })
    expect(errorShape(update.error).statusCode).toBe('404')
    const remove = await user.client.storage.deleteBucket('team')
    expect(errorShape(remove.error).statusCode).toBe('404')
    const [row] = await stack.sql`select public from storage.buckets where id = 'avatars'`
    expect(row?.public).toBe(true)
  })
})

describe('updating, emptying and deleting', () => {
  it('updates public, the size limit and the allowed types', async () => {
    const storage = serviceClient(stack).storage
    expect((await storage.createBucket('changing', { public: false })).error).toBeNull()
    const updated = await storage.updateBucket('changing', {
      public: true,
      fileSizeLimit: 10,
      allowedMimeTypes: ['text/plain'],
    })
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
    const { data } = await storage.getBucket('changing')
    expect(data).toMatchObject({
      public: true,
      file_size_limit: 10,
      allowed_mime_types: ['text/plain'],
    })
    const tooLarge = await storage.from('changing').upload('a.txt', 'more than ten bytes', {
      contentType: 'text/plain',
    })
    expect(errorShape(tooLarge.error).statusCode).toBe('413')
    await storage.updateBucket('changing', {
      public: true,
      fileSizeLimit: null,
      allowedMimeTypes: null,
    })
    expect((await storage.getBucket('changing')).data).toMatchObject({
      file_size_limit: null,
      allowed_mime_types: null,
    })
    const missing = await storage.updateBucket('no-such', { public: true })
    expect(errorShape(missing.error).statusCode).toBe('404')
  })

  it('empties a bucket with the service key only, removing rows and files', async () => {
    const storage = serviceClient(stack).storage
    expect((await storage.createBucket('to-empty', { public: false })).error).toBeNull()
    for (const name of ['a.txt', 'dir/b.txt', 'dir/deeper/c.txt']) {
      expect((await storage.from('to-empty').upload(name, bytes(100))).error).toBeNull()
    }
    expect(
      (await filesOnDisk(stack)).filter((f) => f.startsWith('buckets/to-empty/'))
    ).toHaveLength(3)
    const user = await makeUser(stack)
    const refused = await storageFetch(stack, '/bucket/to-empty/empty', {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    const emptied = await storage.emptyBucket('to-empty')
    expect(emptied).toEqual({
      data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
      error: null,
    })
    const [count] =
      await stack.sql`select count(*)::int as n from storage.objects where bucket_id = 'to-empty'`
    expect(count?.n).toBe(0)
    expect((await filesOnDisk(stack)).filter((f) => f.startsWith('buckets/to-empty/'))).toEqual([])
  })

  it('refuses to delete a bucket that holds objects, deletes an empty one', async () => {
    const storage = serviceClient(stack).storage
    expect((await storage.createBucket('to-delete', { public: false })).error).toBeNull()
    expect((await storage.from('to-delete').upload('x.txt', 'x')).error).toBeNull()
    const refused = await storage.deleteBucket('to-delete')
    expect(errorShape(refused.error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    })
    await storage.emptyBucket('to-delete')
    expect(await storage.deleteBucket('to-delete')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    })
    expect(errorShape((await storage.getBucket('to-delete')).error).statusCode).toBe('404')
    expect((await filesOnDisk(stack)).some((f) => f.startsWith('buckets/to-delete'))).toBe(false)
  })

  it('keeps deletes of storage rows to the Storage API', async () => {
    await expect(stack.sql`delete from storage.buckets where id = 'files'`).rejects.toMatchObject({
      code: '42501',
    })
  })
})
