// Who may upload resumably (see resumable.test.ts): row-level security when an upload is created
// and when it completes, the bucket's limits, overwrites with x-upsert, signed resumable uploads.
import { describe, expect, it } from 'vitest'
import { bytes, etagOf, objectRow, serviceClient, useStorageStack } from './support.ts'
import { createTus, headOffset, rawTus, tusUpload } from './resumable-support.ts'
import { resumableEndpoint } from './resumable-requests.ts'

const t = useStorageStack(['alice', 'bob'], async (stack) => {
  const storage = serviceClient(stack).storage
  await storage.createBucket('small', { public: false, fileSizeLimit: 1000 })
  await storage.createBucket('pictures', { public: false, allowedMimeTypes: ['image/*'] })
  await stack.sql.unsafe(`
    create policy "small and pictures own" on storage.objects for insert to authenticated
      with check (bucket_id in ('small', 'pictures'));`)
})

const endpoint = () => resumableEndpoint(t.stack)

describe('row-level security and limits', () => {
  it('checks the caller when the upload is created', async () => {
    const error = await tusUpload(t.stack, bytes(100), {
      token: t.bob.token,
      metadata: { bucketName: 'files', objectName: `${t.alice.id}/not-bobs.bin` },
    }).then(
      () => null,
      (e: unknown) => e as { originalResponse?: { getStatus(): number; getBody(): string } }
    )
    expect(error?.originalResponse?.getStatus()).toBe(403)
    expect(error?.originalResponse?.getBody()).toBe('new row violates row-level security policy')
  })

  it('checks again when the upload completes: a right lost meanwhile stores nothing', async () => {
    const group = crypto.randomUUID()
    await t.stack.sql`insert into public.groups (id, name) values (${group}, 'crew')`
    await t.stack
      .sql`insert into public.group_members (group_id, user_id) values (${group}, ${t.bob.id})`
    const path = `${group}/plan.bin`
    const created = await createTus(t.stack, t.bob.token, 6, {
      bucketName: 'team',
      objectName: path,
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    const part = (offset: number, body: string) =>
      rawTus(t.stack, location, {
        method: 'PATCH',
        token: t.bob.token,
        headers: {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: Buffer.from(body),
      })
    expect((await part(0, 'abc')).status).toBe(204)
    await t.stack.sql`delete from public.group_members where group_id = ${group}`
    // A PATCH that would not complete it is refused too (its check runs while the body arrives),
    // and nothing of its body is kept.
    const middle = await part(3, 'de')
    expect([middle.status, await middle.text()]).toEqual([
      403,
      'new row violates row-level security policy',
    ])
    expect(await headOffset(t.stack, location, t.bob.token)).toBe(3)
    const last = await part(3, 'def')
    expect([last.status, await last.text()]).toEqual([
      403,
      'new row violates row-level security policy',
    ])
    expect(await objectRow(t.stack, 'team', path)).toBeUndefined()
    // With the right back, the upload completes from what was kept: its ETag is the MD5 of the
    // bytes acknowledged, not of the refused ones.
    await t.stack
      .sql`insert into public.group_members (group_id, user_id) values (${group}, ${t.bob.id})`
    const done = await part(3, 'def')
    expect(done.status).toBe(204)
    expect(done.headers.get('upload-offset')).toBe('6')
    expect((await objectRow(t.stack, 'team', path))?.metadata.eTag).toBe(etagOf('abcdef'))
  })

  it("applies the bucket's size and type limits when the upload is created", async () => {
    const tooLarge = await createTus(t.stack, t.alice.token, 1001, {
      bucketName: 'small',
      objectName: 'big.bin',
    })
    expect([tooLarge.status, await tooLarge.text()]).toEqual([413, 'Maximum size exceeded\n'])
    const wrongType = await createTus(t.stack, t.alice.token, 10, {
      bucketName: 'pictures',
      objectName: 'doc.pdf',
      contentType: 'application/pdf',
    })
    expect([wrongType.status, await wrongType.text()]).toEqual([
      415,
      'mime type application/pdf is not supported',
    ])
    const noBucket = await createTus(t.stack, t.alice.token, 10, {
      bucketName: 'nowhere',
      objectName: 'x',
    })
    expect([noBucket.status, await noBucket.text()]).toEqual([404, 'Bucket not found'])
    // A body longer than the upload's length is refused and not kept beyond it.
    const created = await createTus(t.stack, t.alice.token, 4, {
      bucketName: 'small',
      objectName: 'four.bin',
    })
    const over = await rawTus(t.stack, created.headers.get('location')!, {
      method: 'PATCH',
      token: t.alice.token,
      headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.from('12345'),
    })
    expect([over.status, await over.text()]).toEqual([413, "upload's size exceeded\n"])
  })

  it('refuses to overwrite without x-upsert, and overwrites with it', async () => {
    const path = `${t.alice.id}/twice.txt`
    await t.alice.client.storage.from('files').upload(path, 'first')
    const refused = await tusUpload(t.stack, Buffer.from('second'), {
      token: t.alice.token,
      metadata: { bucketName: 'files', objectName: path },
    }).then(
      () => null,
      (e: unknown) => e as { originalResponse?: { getStatus(): number } }
    )
    expect(refused?.originalResponse?.getStatus()).toBe(409)
    await tusUpload(t.stack, Buffer.from('second'), {
      token: t.alice.token,
      upsert: true,
      metadata: { bucketName: 'files', objectName: path },
    })
    const { data } = await t.alice.client.storage.from('files').download(path)
    expect(await data!.text()).toBe('second')
  })
})

describe('signed resumable uploads', () => {
  it("uploads with createSignedUploadUrl's token in x-signature, owned by the signer", async () => {
    const path = `${t.alice.id}/signed.bin`
    const { data: signed } = await t.alice.client.storage.from('files').createSignedUploadUrl(path)
    const data = bytes(70_000, 4)
    const result = await tusUpload(t.stack, data, {
      signature: signed!.token,
      metadata: { bucketName: 'files', objectName: path, contentType: 'application/x-test' },
    })
    expect(result.url).toMatch(/\/storage\/v1\/upload\/resumable\/sign\/[A-Za-z0-9_-]+$/)
    expect(await objectRow(t.stack, 'files', path)).toMatchObject({
      owner: t.alice.id,
      metadata: { size: 70_000, mimetype: 'application/x-test' },
    })
    // The token names one object: it does not sign another.
    const other = await tusUpload(t.stack, data, {
      signature: signed!.token,
      metadata: { bucketName: 'files', objectName: `${t.alice.id}/other.bin` },
    }).then(
      () => null,
      (e: unknown) => e as { originalResponse?: { getStatus(): number; getBody(): string } }
    )
    expect(other?.originalResponse?.getStatus()).toBe(400)
    expect(other?.originalResponse?.getBody()).toBe('The url do not match the signature')
    const unsigned = await createTus(
      t.stack,
      undefined,
      1,
      { bucketName: 'files', objectName: path },
      `${endpoint()}/sign`
    )
    expect([unsigned.status, await unsigned.text()]).toEqual([400, 'Missing x-signature header'])
    expect(await headOffset(t.stack, result.url, undefined, signed!.token)).toBe(70_000)
  })
})
