// Signed download URLs (single and batch): what supabase-js gets, what the URLs serve (also with a
// transformation), and how expired, tampered or misused tokens are refused. Signed upload URLs:
// signed-upload-urls.test.ts.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { mintToken, now, useSignedUrlStack } from './signed-urls-support.ts'
import { errorShape, storageFetch } from './support.ts'

const t = useSignedUrlStack()

const mint = (claims: Record<string, unknown>, secret?: string) =>
  mintToken(t.stack, claims, secret)

describe('signed download URLs', () => {
  it('signs a URL relative to /storage/v1 that serves the object without a key', async () => {
    const response = await storageFetch(t.stack, `/object/sign/files/${t.alice.id}/report.txt`, {
      method: 'POST',
      token: t.alice.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
    })
    const body = (await response.json()) as { signedURL: string }
    expect(body.signedURL).toMatch(
      new RegExp(`^/object/sign/files/${t.alice.id}/report\\.txt\\?token=ey`)
    )
    const { data, error } = await t.alice.client.storage
      .from('files')
      .createSignedUrl(`${t.alice.id}/report.txt`, 60)
    expect(error).toBeNull()
    expect(data?.signedUrl.startsWith(`${t.stack.url}/storage/v1/object/sign/files/`)).toBe(true)
    const download = await fetch(data!.signedUrl)
    expect(download.status).toBe(200)
    expect(await download.text()).toBe('quarterly numbers')
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    expect(payload).toEqual({
      url: `files/${t.alice.id}/report.txt`,
      iat: expect.any(Number),
      exp: expect.any(Number),
    })
    expect(payload.exp - payload.iat).toBe(60)
  })

  it('adds the download disposition', async () => {
    const { data } = await t.alice.client.storage
      .from('files')
      .createSignedUrl(`${t.alice.id}/report.txt`, 60, { download: 'q3.txt' })
    const download = await fetch(data!.signedUrl)
    expect(download.headers.get('content-disposition')).toBe(
      "attachment; filename=q3.txt; filename*=UTF-8''q3.txt;"
    )
  })

  it('signs only what the caller may read', async () => {
    const { error } = await t.alice.client.storage
      .from('files')
      .createSignedUrl(`${t.bob.id}/private.txt`, 60)
    expect(errorShape(error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    })
  })

  it('signs many at once, in order, with an error for each one it cannot', async () => {
    const paths = [
      `${t.alice.id}/notes.txt`,
      `${t.alice.id}/missing.txt`,
      `${t.bob.id}/private.txt`,
      `${t.alice.id}/report.txt`,
    ]
    const { data, error } = await t.alice.client.storage
      .from('files')
      .createSignedUrls(paths, 120, { download: true })
    expect(error).toBeNull()
    expect(data?.map((d) => [d.path, d.error])).toEqual([
      [paths[0], null],
      [paths[1], 'Either the object does not exist or you do not have access to it'],
      [paths[2], 'Either the object does not exist or you do not have access to it'],
      [paths[3], null],
    ])
    expect(data?.[1]?.signedUrl).toBeNull()
    const notes = await fetch(data![0]!.signedUrl!)
    expect(await notes.text()).toBe('notes')
    expect(notes.headers.get('content-disposition')).toBe('attachment;')
  })

  it('refuses an expired, tampered, foreign or missing token', async () => {
    const path = `/object/sign/files/${t.alice.id}/report.txt`
    const url = `files/${t.alice.id}/report.txt`
    const expired = await mint({ url, iat: now() - 120, exp: now() - 60 })
    const response = await storageFetch(t.stack, `${path}?token=${expired}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    })
    const valid = await mint({ url, iat: now(), exp: now() + 60 })
    const [header, , signature] = valid.split('.')
    const forged = Buffer.from(
      JSON.stringify({ url: `files/${t.bob.id}/private.txt`, iat: now(), exp: now() + 60 })
    ).toString('base64url')
    const tampered = await storageFetch(
      t.stack,
      `/object/sign/files/${t.bob.id}/private.txt?token=${header}.${forged}.${signature}`
    )
    expect(await tampered.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
      message: 'signature verification failed',
    })
    const otherSecret = await mint(
      { url, iat: now(), exp: now() + 60 },
      'another-secret-that-is-at-least-32-chars'
    )
    expect(
      await (await storageFetch(t.stack, `${path}?token=${otherSecret}`)).json()
    ).toMatchObject({
      code: 'InvalidJWT',
      message: 'signature verification failed',
    })
    const garbage = await storageFetch(t.stack, `${path}?token=not.a.jwt`)
    expect(await garbage.json()).toMatchObject({ code: 'InvalidJWT' })
    const foreign = await storageFetch(
      t.stack,
      `/object/sign/files/${t.bob.id}/private.txt?token=${valid}`
    )
    expect(await foreign.json()).toEqual({
      statusCode: '400',
      code: 'InvalidSignature',
      error: 'InvalidSignature',
      message: 'The url do not match the signature',
    })
    const missing = await storageFetch(t.stack, path)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({
      statusCode: '400',
      message: "querystring must have required property 'token'",
    })
  })

  it('stops serving an object deleted after signing', async () => {
    const files = t.alice.client.storage.from('files')
    await files.upload(`${t.alice.id}/gone.txt`, 'soon gone')
    const { data } = await files.createSignedUrl(`${t.alice.id}/gone.txt`, 60)
    await files.remove([`${t.alice.id}/gone.txt`])
    const response = await fetch(data!.signedUrl)
    expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
  })

  it('embeds a transformation, served from /render/image/sign', async () => {
    const image = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer()
    await t.alice.client.storage
      .from('files')
      .upload(`${t.alice.id}/wide.png`, image, { contentType: 'image/png' })
    const { data, error } = await t.alice.client.storage
      .from('files')
      .createSignedUrl(`${t.alice.id}/wide.png`, 60, {
        transform: { width: 50, height: 50, resize: 'contain' },
      })
    expect(error).toBeNull()
    expect(data?.signedUrl).toContain('/storage/v1/render/image/sign/files/')
    // The signed transformation wins over one added to the query.
    const response = await fetch(`${data!.signedUrl}&width=10`)
    expect(response.status).toBe(200)
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([50, 25])
  })
  it("carries the transformation in the token in Storage's words, and serves it", async () => {
    const image = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#cc6633' },
    })
      .jpeg()
      .toBuffer()
    await t.alice.client.storage
      .from('files')
      .upload(`${t.alice.id}/photo.jpg`, image, { contentType: 'image/jpeg' })
    const { data } = await t.alice.client.storage
      .from('files')
      .createSignedUrl(`${t.alice.id}/photo.jpg`, 60, {
        transform: { width: 200, height: 200, resize: 'cover', quality: 60 },
      })
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))
    expect(payload).toMatchObject({
      url: `files/${t.alice.id}/photo.jpg`,
      transformations: 'height:200,width:200,resize:cover,quality:60',
    })
    const response = await fetch(data!.signedUrl, { headers: { accept: 'image/jpeg' } })
    expect(response.status).toBe(200)
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([200, 200])
  })
})
