// Objects through supabase-js and raw HTTP: remove (many at once), move and copy (also across
// buckets), with the rows and the files on disk. Uploads: objects.test.ts; downloads:
// downloads.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'
import {
  errorShape,
  filesOnDisk,
  makeUser,
  objectRow,
  serviceClient,
  startStorageStack,
  storageFetch,
} from './support.ts'

let stack: TestStack
let user: TestUser

beforeAll(async () => {
  stack = await startStorageStack()
  user = await makeUser(stack)
})

afterAll(async () => {
  await stack?.stop()
})

const row = (bucket: string, name: string) => objectRow(stack, bucket, name)

describe('remove, move and copy', () => {
  it('removes many objects, returning the rows and deleting the files', async () => {
    const files = user.client.storage.from('avatars')
    const names = [`${user.id}/rm/a.txt`, `${user.id}/rm/b.txt`, `${user.id}/rm/keep.txt`]
    for (const name of names) expect((await files.upload(name, name)).error).toBeNull()
    const { data, error } = await files.remove([names[0]!, names[1]!, `${user.id}/rm/none.txt`])
    expect(error).toBeNull()
    expect(data?.map((o) => o.name).sort()).toEqual([names[0], names[1]])
    expect(data?.[0]).toMatchObject({
      bucket_id: 'avatars',
      id: expect.any(String),
      metadata: expect.any(Object),
    })
    const left = (await files.list(`${user.id}/rm`)).data?.map((o) => o.name)
    expect(left).toEqual(['keep.txt'])
    const onDisk = (await filesOnDisk(stack)).filter((f) => f.includes(`/${user.id}/rm/`))
    expect(onDisk).toHaveLength(1)
    expect(onDisk[0]).toMatch(/keep\.txt~/)
  })

  it('moves within a bucket and across buckets, keeping the id', async () => {
    const storage = user.client.storage
    const from = `${user.id}/mv/source.txt`
    await storage.from('avatars').upload(from, 'moving')
    const before = await row('avatars', from)
    const moved = await storage.from('avatars').move(from, `${user.id}/mv/target.txt`)
    expect(moved).toEqual({ data: { message: 'Successfully moved' }, error: null })
    expect((await storage.from('avatars').exists(from)).data).toBe(false)
    expect(
      await (await storage.from('avatars').download(`${user.id}/mv/target.txt`)).data?.text()
    ).toBe('moving')
    expect((await row('avatars', `${user.id}/mv/target.txt`))?.id).toBe(before?.id)
    const across = await storage
      .from('avatars')
      .move(`${user.id}/mv/target.txt`, `${user.id}/moved.txt`, { destinationBucket: 'files' })
    expect(across.error).toBeNull()
    expect(await (await storage.from('files').download(`${user.id}/moved.txt`)).data?.text()).toBe(
      'moving'
    )
    const onDisk = await filesOnDisk(stack)
    expect(onDisk.filter((f) => f.includes(`${user.id}/mv/`))).toEqual([])
    expect(onDisk.filter((f) => f.startsWith(`buckets/files/${user.id}/moved.txt~`))).toHaveLength(
      1
    )
  })

  it('refuses to move onto an existing object or from a missing one', async () => {
    const files = user.client.storage.from('avatars')
    await files.upload(`${user.id}/mv2/a.txt`, 'a')
    await files.upload(`${user.id}/mv2/b.txt`, 'b')
    const onto = await files.move(`${user.id}/mv2/a.txt`, `${user.id}/mv2/b.txt`)
    expect(errorShape(onto.error).statusCode).toBe('409')
    expect(await (await files.download(`${user.id}/mv2/b.txt`)).data?.text()).toBe('b')
    expect(await (await files.download(`${user.id}/mv2/a.txt`)).data?.text()).toBe('a')
    const missing = await files.move(`${user.id}/mv2/none.txt`, `${user.id}/mv2/c.txt`)
    expect(errorShape(missing.error)).toMatchObject({
      statusCode: '404',
      message: 'Object not found',
    })
  })

  it('copies within and across buckets with independent files', async () => {
    const storage = user.client.storage
    const source = `${user.id}/cp/source.txt`
    await storage.from('avatars').upload(source, 'copy me', { metadata: { tag: 'x' } })
    const copied = await storage.from('avatars').copy(source, `${user.id}/cp/copy.txt`)
    expect(copied).toEqual({ data: { path: `avatars/${user.id}/cp/copy.txt` }, error: null })
    const response = await storageFetch(stack, '/object/copy', {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bucketId: 'avatars',
        sourceKey: source,
        destinationBucket: 'files',
        destinationKey: `${user.id}/copied.txt`,
      }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      Id: expect.any(String),
      Key: `files/${user.id}/copied.txt`,
      name: `${user.id}/copied.txt`,
      bucket_id: 'files',
      owner_id: user.id,
      user_metadata: { tag: 'x' },
    })
    await storage.from('avatars').update(source, 'changed')
    expect(
      await (await storage.from('avatars').download(`${user.id}/cp/copy.txt`)).data?.text()
    ).toBe('copy me')
    expect(await (await storage.from('files').download(`${user.id}/copied.txt`)).data?.text()).toBe(
      'copy me'
    )
    await storage.from('avatars').remove([source])
    expect(
      await (await storage.from('avatars').download(`${user.id}/cp/copy.txt`)).data?.text()
    ).toBe('copy me')
    const again = await storage
      .from('avatars')
      .copy(`${user.id}/cp/copy.txt`, `${user.id}/cp/copy.txt`)
    expect(errorShape(again.error).statusCode).toBe('409')
  })

  it('checks the destination bucket limits on a copy across buckets', async () => {
    const service = serviceClient(stack).storage
    await service.createBucket('tiny', {
      public: false,
      fileSizeLimit: 10,
      allowedMimeTypes: ['text/plain'],
    })
    await service
      .from('avatars')
      .upload('big.txt', 'more than ten bytes', { contentType: 'text/plain' })
    const tooBig = await service
      .from('avatars')
      .copy('big.txt', 'big.txt', { destinationBucket: 'tiny' })
    expect(errorShape(tooBig.error).statusCode).toBe('413')
    await service.from('avatars').upload('small.png', 'png', { contentType: 'image/png' })
    const wrongType = await service
      .from('avatars')
      .copy('small.png', 'small.png', { destinationBucket: 'tiny' })
    expect(errorShape(wrongType.error).statusCode).toBe('415')
    const [count] =
      await stack.sql`select count(*)::int as n from storage.objects where bucket_id = 'tiny'`
    expect(count?.n).toBe(0)
  })
})
