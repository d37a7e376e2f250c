// Objects through supabase-js and raw HTTP: remove (many at once), move and copy (also across
// buckets), with the rows and the files on disk. Uploads: objects.test.ts; downloads:
// downloads.test.ts.
import { describe, expect, it } from 'vitest'
import {
  errorShape,
  filesOnDisk,
  objectRow,
  serviceClient,
  storageFetch,
  useStorageStack,
} from './support.ts'

const t = useStorageStack(['user'])

const row = (bucket: string, name: string) => objectRow(t.stack, bucket, name)

describe('remove, move and copy', () => {
  it('removes many objects, returning the rows and deleting the files', async () => {
    const files = t.user.client.storage.from('avatars')
    const names = [`${t.user.id}/rm/a.txt`, `${t.user.id}/rm/b.txt`, `${t.user.id}/rm/keep.txt`]
    for (const name of names) expect((await files.upload(name, name)).error).toBeNull()
    const { data, error } = await files.remove([names[0]!, names[1]!, `${t.user.id}/rm/none.txt`])
    expect(error).toBeNull()
    expect(data?.map((o) => o.name).sort()).toEqual([names[0], names[1]])
    expect(data?.[0]).toMatchObject({
      bucket_id: 'avatars',
      id: expect.any(String),
      metadata: expect.any(Object),
    })
    const left = (await files.list(`${t.user.id}/rm`)).data?.map((o) => o.name)
    expect(left).toEqual(['keep.txt'])
    const onDisk = (await filesOnDisk(t.stack)).filter((f) => f.includes(`/${t.user.id}/rm/`))
    expect(onDisk).toHaveLength(1)
    expect(onDisk[0]).toMatch(/keep\.txt~/)
  })

  it('moves within a bucket and across buckets, keeping the id', async () => {
    const storage = t.user.client.storage
    const from = `${t.user.id}/mv/source.txt`
    await storage.from('avatars').upload(from, 'moving')
    const before = await row('avatars', from)
    const moved = await storage.from('avatars').move(from, `${t.user.id}/mv/target.txt`)
    expect(moved).toEqual({ data: { message: 'Successfully moved' }, error: null })
    expect((await storage.from('avatars').exists(from)).data).toBe(false)
    expect(
      await (await storage.from('avatars').download(`${t.user.id}/mv/target.txt`)).data?.text()
    ).toBe('moving')
    expect((await row('avatars', `${t.user.id}/mv/target.txt`))?.id).toBe(before?.id)
    const across = await storage
      .from('avatars')
      .move(`${t.user.id}/mv/target.txt`, `${t.user.id}/moved.txt`, { destinationBucket: 'files' })
    expect(across.error).toBeNull()
    expect(
      await (await storage.from('files').download(`${t.user.id}/moved.txt`)).data?.text()
    ).toBe('moving')
    const onDisk = await filesOnDisk(t.stack)
    expect(onDisk.filter((f) => f.includes(`${t.user.id}/mv/`))).toEqual([])
    expect(
      onDisk.filter((f) => f.startsWith(`buckets/files/${t.user.id}/moved.txt~`))
    ).toHaveLength(1)
  })

  it('refuses to move onto an existing object or from a missing one', async () => {
    const files = t.user.client.storage.from('avatars')
    await files.upload(`${t.user.id}/mv2/a.txt`, 'a')
    await files.upload(`${t.user.id}/mv2/b.txt`, 'b')
    const onto = await files.move(`${t.user.id}/mv2/a.txt`, `${t.user.id}/mv2/b.txt`)
    expect(errorShape(onto.error).statusCode).toBe('409')
    expect(await (await files.download(`${t.user.id}/mv2/b.txt`)).data?.text()).toBe('b')
    expect(await (await files.download(`${t.user.id}/mv2/a.txt`)).data?.text()).toBe('a')
    const missing = await files.move(`${t.user.id}/mv2/none.txt`, `${t.user.id}/mv2/c.txt`)
    expect(errorShape(missing.error)).toMatchObject({
      statusCode: '404',
      message: 'Object not found',
    })
  })

  it('copies within and across buckets with independent files', async () => {
    const storage = t.user.client.storage
    const source = `${t.user.id}/cp/source.txt`
    await storage.from('avatars').upload(source, 'copy me', { metadata: { tag: 'x' } })
    const copied = await storage.from('avatars').copy(source, `${t.user.id}/cp/copy.txt`)
    expect(copied).toEqual({ data: { path: `avatars/${t.user.id}/cp/copy.txt` }, error: null })
    const response = await storageFetch(t.stack, '/object/copy', {
      method: 'POST',
      token: t.user.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bucketId: 'avatars',
        sourceKey: source,
        destinationBucket: 'files',
        destinationKey: `${t.user.id}/copied.txt`,
      }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      Id: expect.any(String),
      Key: `files/${t.user.id}/copied.txt`,
      name: `${t.user.id}/copied.txt`,
      bucket_id: 'files',
      owner_id: t.user.id,
      user_metadata: { tag: 'x' },
    })
    await storage.from('avatars').update(source, 'changed')
    expect(
      await (await storage.from('avatars').download(`${t.user.id}/cp/copy.txt`)).data?.text()
    ).toBe('copy me')
    expect(
      await (await storage.from('files').download(`${t.user.id}/copied.txt`)).data?.text()
    ).toBe('copy me')
    await storage.from('avatars').remove([source])
    expect(
      await (await storage.from('avatars').download(`${t.user.id}/cp/copy.txt`)).data?.text()
    ).toBe('copy me')
    const again = await storage
      .from('avatars')
      .copy(`${t.user.id}/cp/copy.txt`, `${t.user.id}/cp/copy.txt`)
    expect(errorShape(again.error).statusCode).toBe('409')
  })

  it('checks the destination bucket limits on a copy across buckets', async () => {
    const service = serviceClient(t.stack).storage
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
    const [count] = await t.stack
      .sql`select count(*)::int as n from storage.objects where bucket_id = 'tiny'`
    expect(count?.n).toBe(0)
  })
})
