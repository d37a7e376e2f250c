// Signed URLs of transformed images, as supabase/storage makes and serves them: the options go
// into the token (Storage's "resize:<as asked>" text and a `format` claim), /render/image/sign
// applies the token's options whatever the query says, answers an Expires of the token's expiry
// and X-Transformations, and refuses expired, foreign and dangling tokens in Storage's words.
import { SignJWT } from 'jose'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'
import { makeUser, startStorageStack, storageFetch } from './support.ts'

let stack: TestStack
let alice: TestUser

beforeAll(async () => {
  stack = await startStorageStack()
  alice = await makeUser(stack)
  const wide = await sharp({
    create: { width: 400, height: 200, channels: 3, background: '#3366cc' },
  })
    .png()
    .toBuffer()
  for (const name of ['wide.png', 'doomed.png']) {
    const { error } = await alice.client.storage
      .from('files')
      .upload(`${alice.id}/${name}`, wide, { contentType: 'image/png' })
    expect(error).toBeNull()
  }
})

afterAll(async () => {
  await stack?.stop()
})

const files = () => alice.client.storage.from('files')
const claims = (signedUrl: string) =>
  JSON.parse(
    Buffer.from(
      new URL(signedUrl).searchParams.get('token')!.split('.')[1]!,
      'base64url'
    ).toString()
  ) as Record<string, unknown>
const now = () => Math.floor(Date.now() / 1000)

async function mint(payload: Record<string, unknown>): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(stack.keys.jwtSecret))
}

async function imageOf(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata()
}

describe('signing', () => {
  it("puts the options in the token in Storage's words, the format in a claim of its own", async () => {
    const { data, error } = await files().createSignedUrl(`${alice.id}/wide.png`, 60, {
      transform: { width: 120, height: 80, resize: 'contain', quality: 70, format: 'origin' },
    })
    expect(error).toBeNull()
    const url = new URL(data!.signedUrl)
    expect(url.pathname).toBe(`/storage/v1/render/image/sign/files/${alice.id}/wide.png`)
    expect([...url.searchParams.keys()]).toEqual(['token'])
    const payload = claims(data!.signedUrl)
    expect(Object.keys(payload).sort()).toEqual(['exp', 'format', 'iat', 'transformations', 'url'])
    expect(payload).toMatchObject({
      url: `files/${alice.id}/wide.png`,
      transformations: 'height:80,width:120,resize:contain,quality:70',
      format: 'origin',
    })
    expect(Number(payload.exp) - Number(payload.iat)).toBe(60)
  })

  it('writes "resize:undefined" when no resize is asked for, as Storage does', async () => {
    const { data } = await files().createSignedUrl(`${alice.id}/wide.png`, 60, {
      transform: { width: 100 },
    })
    expect(claims(data!.signedUrl)).toMatchObject({ transformations: 'width:100,resize:undefined' })
    expect(claims(data!.signedUrl)).not.toHaveProperty('format')
  })

  it('a format alone transforms nothing: a plain /object/sign URL, the format still claimed', async () => {
    const { data } = await files().createSignedUrl(`${alice.id}/wide.png`, 60, {
      transform: { format: 'origin' },
    })
    expect(new URL(data!.signedUrl).pathname).toBe(
      `/storage/v1/object/sign/files/${alice.id}/wide.png`
    )
    const payload = claims(data!.signedUrl)
    expect(payload).toMatchObject({ format: 'origin' })
    expect(payload).not.toHaveProperty('transformations')
    expect((await fetch(data!.signedUrl)).status).toBe(200)
  })
})

describe('serving', () => {
  it('renders what the token says, with Expires of its expiry and X-Transformations', async () => {
    const { data } = await files().createSignedUrl(`${alice.id}/wide.png`, 120, {
      transform: { width: 120, height: 80, resize: 'contain', quality: 70, format: 'origin' },
    })
    // format "origin" from the claim: PNG even to a client that takes WebP.
    const response = await fetch(data!.signedUrl, { headers: { accept: 'image/webp,*/*' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    const meta = await imageOf(response)
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 60])
    const exp = Number(claims(data!.signedUrl).exp)
    expect(response.headers.get('expires')).toBe(new Date(exp * 1000).toUTCString())
    expect(response.headers.get('cache-control')).toBeNull()
    expect(response.headers.get('x-transformations')).toBe(
      'height:80,width:120,resizing_type:fit,quality:70'
    )
  })

  it('without a resize renders cover; without a format the Accept header chooses', async () => {
    const { data } = await files().createSignedUrl(`${alice.id}/wide.png`, 60, {
      transform: { width: 100, height: 100 },
    })
    const response = await fetch(data!.signedUrl, { headers: { accept: 'image/webp,*/*' } })
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('x-transformations')).toBe(
      'height:100,width:100,resizing_type:fill'
    )
    const meta = await imageOf(response)
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 100, 100])
  })

  it('the query cannot change the signed transformation', async () => {
    const { data } = await files().createSignedUrl(`${alice.id}/wide.png`, 60, {
      transform: { width: 120, height: 80, resize: 'contain', format: 'origin' },
    })
    const tampered = `${data!.signedUrl}&width=10&height=10&resize=fill&format=webp&quality=20`
    const response = await fetch(tampered, { headers: { accept: 'image/webp,*/*' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-transformations')).toBe('height:80,width:120,resizing_type:fit')
    const meta = await imageOf(response)
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 60])
  })

  it('a signed download carries the Expires of its token too, instead of Cache-Control', async () => {
    const { data } = await files().createSignedUrl(`${alice.id}/wide.png`, 90)
    const response = await fetch(data!.signedUrl)
    expect(response.status).toBe(200)
    const exp = Number(claims(data!.signedUrl).exp)
    expect(response.headers.get('expires')).toBe(new Date(exp * 1000).toUTCString())
    expect(response.headers.get('cache-control')).toBeNull()
    // An authenticated download keeps its Cache-Control.
    const own = await storageFetch(stack, `/object/authenticated/files/${alice.id}/wide.png`, {
      token: alice.token,
    })
    expect(own.headers.get('cache-control')).toBe('max-age=3600')
    expect(own.headers.get('expires')).toBeNull()
  })

  it("still renders tokens in imgproxy's words, which this server signed before", async () => {
    const token = await mint({
      url: `files/${alice.id}/wide.png`,
      transformations: 'height:30,width:50,resizing_type:force',
      iat: now(),
      exp: now() + 60,
    })
    const response = await storageFetch(
      stack,
      `/render/image/sign/files/${alice.id}/wide.png?token=${token}`,
      { headers: { accept: 'image/png' } }
    )
    const meta = await imageOf(response)
    expect([meta.width, meta.height]).toEqual([50, 30])
  })
})

describe('refusals', () => {
  const path = () => `/render/image/sign/files/${alice.id}/wide.png`

  it("an expired token: InvalidJWT with the JWT library's message", async () => {
    const token = await mint({
      url: `files/${alice.id}/wide.png`,
      transformations: 'width:50,resize:cover',
      iat: now() - 120,
      exp: now() - 60,
    })
    const response = await storageFetch(stack, `${path()}?token=${token}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    })
  })

  it('a token for another object: InvalidSignature', async () => {
    const { data } = await files().createSignedUrl(`${alice.id}/doomed.png`, 60, {
      transform: { width: 10 },
    })
    const token = new URL(data!.signedUrl).searchParams.get('token')
    const response = await storageFetch(stack, `${path()}?token=${token}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '400',
      code: 'InvalidSignature',
      error: 'InvalidSignature',
      message: 'The url do not match the signature',
    })
  })

  it('no token: the query schema message', async () => {
    const response = await storageFetch(stack, path())
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      statusCode: '400',
      message: "querystring must have required property 'token'",
    })
  })

  it('an object deleted after signing: NoSuchKey (HTTP 400, as Storage answers it)', async () => {
    const { data } = await files().createSignedUrl(`${alice.id}/doomed.png`, 60, {
      transform: { width: 10 },
    })
    expect((await files().remove([`${alice.id}/doomed.png`])).error).toBeNull()
    const response = await fetch(data!.signedUrl)
    // Storage's error handler answers its errors with HTTP 400, the body naming the 404.
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
  })
})
