// Signed upload URLs through supabase-js: one upload owned by the signer, upsert, what may be
// signed, one URL per token, two hours of life. Signed download URLs: signed-urls.test.ts.
import { describe, expect, it } from 'vitest'
import { mintToken, now, useSignedUrlStack } from './signed-urls-support.ts'
import { errorShape, serviceClient } from './support.ts'

const t = useSignedUrlStack()

const mint = (claims: Record<string, unknown>, secret?: string) =>
  mintToken(t.stack, claims, secret)

describe('signed upload URLs', () => {
  it('lets anyone with the URL upload once, owned by the signer', async () => {
    const path = `${t.alice.id}/upload-me.txt`
    const { data, error } = await t.alice.client.storage.from('files').createSignedUploadUrl(path)
    expect(error).toBeNull()
    expect(data).toEqual({
      signedUrl: expect.stringContaining('?token='),
      path,
      token: expect.any(String),
    })
    expect(
      data!.signedUrl.startsWith(
        `${t.stack.url}/storage/v1/object/upload/sign/files/${path}?token=`
      )
    ).toBe(true)
    const anon = t.stack.client()
    const up = await anon.storage
      .from('files')
      .uploadToSignedUrl(path, data!.token, 'from a stranger')
    expect(up).toEqual({ data: { path, fullPath: `files/${path}` }, error: null })
    const [row] = await t.stack
      .sql`select owner_id from storage.objects where bucket_id = 'files' and name = ${path}`
    expect(row?.owner_id).toBe(t.alice.id)
    expect(await (await t.alice.client.storage.from('files').download(path)).data?.text()).toBe(
      'from a stranger'
    )
    const again = await anon.storage.from('files').uploadToSignedUrl(path, data!.token, 'twice')
    expect(errorShape(again.error)).toMatchObject({ statusCode: '409' })
    expect(await (await t.alice.client.storage.from('files').download(path)).data?.text()).toBe(
      'from a stranger'
    )
  })

  it('overwrites only when signed with upsert, and uploads Blobs too', async () => {
    const path = `${t.alice.id}/replace.txt`
    await t.alice.client.storage.from('files').upload(path, 'old')
    const refused = await t.alice.client.storage.from('files').createSignedUploadUrl(path)
    expect(errorShape(refused.error).statusCode).toBe('409')
    const { data } = await t.alice.client.storage
      .from('files')
      .createSignedUploadUrl(path, { upsert: true })
    const up = await t.stack
      .client()
      .storage.from('files')
      .uploadToSignedUrl(path, data!.token, new Blob(['new'], { type: 'text/plain' }))
    expect(up.error).toBeNull()
    expect(await (await t.alice.client.storage.from('files').download(path)).data?.text()).toBe(
      'new'
    )
  })

  it('signs only what the caller may write, and each token only for its own URL', async () => {
    const refused = await t.alice.client.storage
      .from('files')
      .createSignedUploadUrl(`${t.bob.id}/intrusion.txt`)
    expect(errorShape(refused.error)).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    const { data } = await t.alice.client.storage
      .from('files')
      .createSignedUploadUrl(`${t.alice.id}/one.txt`)
    const elsewhere = await t.stack
      .client()
      .storage.from('files')
      .uploadToSignedUrl(`${t.bob.id}/intrusion.txt`, data!.token, 'x')
    expect(errorShape(elsewhere.error)).toMatchObject({
      statusCode: '400',
      message: 'The url do not match the signature',
    })
    const download = await t.alice.client.storage
      .from('files')
      .createSignedUrl(`${t.alice.id}/notes.txt`, 60)
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!
    const misuse = await t.stack
      .client()
      .storage.from('files')
      .uploadToSignedUrl(`${t.alice.id}/notes.txt`, downloadToken, 'overwritten?')
    expect(errorShape(misuse.error).statusCode).toBe('400')
    expect(
      await (
        await t.alice.client.storage.from('files').download(`${t.alice.id}/notes.txt`)
      ).data?.text()
    ).toBe('notes')
    const expired = await mint({
      owner: t.alice.id,
      url: `files/${t.alice.id}/late.txt`,
      upsert: false,
      iat: now() - 100,
      exp: now() - 10,
    })
    const late = await t.stack
      .client()
      .storage.from('files')
      .uploadToSignedUrl(`${t.alice.id}/late.txt`, expired, 'late')
    expect(errorShape(late.error)).toMatchObject({
      statusCode: '400',
      message: '"exp" claim timestamp check failed',
    })
    const [count] = await t.stack
      .sql`select count(*)::int as n from storage.objects where name in (${`${t.bob.id}/intrusion.txt`}, ${`${t.alice.id}/late.txt`})`
    expect(count?.n).toBe(0)
  })

  it('gives signed upload URLs two hours, as hosted projects do', async () => {
    const { data } = await serviceClient(t.stack)
      .storage.from('files')
      .createSignedUploadUrl('service/two-hours.txt')
    const payload = JSON.parse(Buffer.from(data!.token.split('.')[1]!, 'base64url').toString())
    expect(payload.exp - payload.iat).toBe(7200)
    expect(payload).toMatchObject({ url: 'files/service/two-hours.txt', upsert: false })
  })
})
