// Image transformation: /render/image/authenticated|public|sign and the `transform` options of
// download() and getPublicUrl(): width, height, resize modes, quality, format and negotiation.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'
import { errorShape, makeUser, serviceClient, startStorageStack, storageFetch } from './support.ts'

let stack: TestStack
let user: TestUser
let photo: Buffer

beforeAll(async () => {
  stack = await startStorageStack()
  user = await makeUser(stack)
  // 400x200, with detail so quality changes the size of the output.
  photo = await sharp({
    create: {
      width: 400,
      height: 200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer()
  await user.client.storage
    .from('avatars')
    .upload(`${user.id}/photo.jpg`, photo, { contentType: 'image/jpeg' })
  await user.client.storage
    .from('files')
    .upload(`${user.id}/private.jpg`, photo, { contentType: 'image/jpeg' })
  await user.client.storage
    .from('avatars')
    .upload(`${user.id}/not-an-image.jpg`, 'just text', { contentType: 'image/jpeg' })
})

afterAll(async () => {
  await stack?.stop()
})

async function dimensions(data: Blob | ArrayBuffer | Buffer) {
  const buffer = Buffer.isBuffer(data)
    ? data
    : Buffer.from(data instanceof Blob ? await data.arrayBuffer() : data)
  const meta = await sharp(buffer).metadata()
  return { width: meta.width, height: meta.height, format: meta.format }
}

describe('transform options of supabase-js', () => {
  it('resizes on download (cover by default), keeping the source format', async () => {
    const files = user.client.storage.from('avatars')
    const { data, error } = await files.download(`${user.id}/photo.jpg`, {
      transform: { width: 100, height: 100 },
    })
    expect(error).toBeNull()
    expect(await dimensions(data!)).toEqual({ width: 100, height: 100, format: 'jpeg' })
  })

  it('fits inside with contain, stretches with fill, keeps the ratio with one side', async () => {
    const files = user.client.storage.from('avatars')
    const contain = await files.download(`${user.id}/photo.jpg`, {
      transform: { width: 100, height: 100, resize: 'contain' },
    })
    expect(await dimensions(contain.data!)).toMatchObject({ width: 100, height: 50 })
    const fill = await files.download(`${user.id}/photo.jpg`, {
      transform: { width: 100, height: 100, resize: 'fill' },
    })
    expect(await dimensions(fill.data!)).toMatchObject({ width: 100, height: 100 })
    const widthOnly = await files.download(`${user.id}/photo.jpg`, { transform: { width: 200 } })
    expect(await dimensions(widthOnly.data!)).toMatchObject({ width: 200, height: 100 })
    const noEnlargement = await files.download(`${user.id}/photo.jpg`, {
      transform: { width: 2000 },
    })
    expect(await dimensions(noEnlargement.data!)).toMatchObject({ width: 400, height: 200 })
  })

  it('serves public transformed URLs, honouring quality', async () => {
    const files = stack.client().storage.from('avatars')
    const low = await fetch(
      files.getPublicUrl(`${user.id}/photo.jpg`, { transform: { width: 300, quality: 20 } }).data
        .publicUrl
    )
    const high = await fetch(
      files.getPublicUrl(`${user.id}/photo.jpg`, { transform: { width: 300, quality: 100 } }).data
        .publicUrl
    )
    expect(low.status).toBe(200)
    expect(low.headers.get('content-type')).toBe('image/jpeg')
    const lowBytes = Buffer.from(await low.arrayBuffer())
    const highBytes = Buffer.from(await high.arrayBuffer())
    expect(await dimensions(lowBytes)).toMatchObject({ width: 300, height: 150 })
    expect(lowBytes.length).toBeLessThan(highBytes.length)
  })

  it('reads as the caller: a private image renders for its owner only', async () => {
    const own = await user.client.storage
      .from('files')
      .download(`${user.id}/private.jpg`, { transform: { width: 50 } })
    expect(await dimensions(own.data!)).toMatchObject({ width: 50 })
    const stranger = await makeUser(stack)
    const other = await stranger.client.storage
      .from('files')
      .download(`${user.id}/private.jpg`, { transform: { width: 50 } })
    expect(errorShape(other.error)).toMatchObject({ statusCode: '404' })
    const publicRoute = await fetch(
      stack
        .client()
        .storage.from('files')
        .getPublicUrl(`${user.id}/private.jpg`, { transform: { width: 50 } }).data.publicUrl
    )
    expect(await publicRoute.json()).toMatchObject({
      statusCode: '404',
      message: 'Bucket not found',
    })
  })
})

describe('format negotiation', () => {
  const render = (query: string, accept?: string) =>
    storageFetch(stack, `/render/image/public/avatars/${user.id}/photo.jpg?${query}`, {
      headers: accept ? { accept } : {},
    })

  it('answers WebP to clients that accept it, unless the origin format is asked for', async () => {
    const webp = await render('width=80', 'image/avif,image/webp,*/*')
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.headers.get('vary')).toBe('Accept')
    expect((await dimensions(await webp.arrayBuffer())).format).toBe('webp')
    const origin = await render('width=80&format=origin', 'image/webp,*/*')
    expect(origin.headers.get('content-type')).toBe('image/jpeg')
    const plain = await render('width=80', '*/*')
    expect(plain.headers.get('content-type')).toBe('image/jpeg')
  })

  it('answers AVIF when the bucket has AVIF detection on', async () => {
    await stack.sql`update storage.buckets set avif_autodetection = true where id = 'avatars'`
    const avif = await render('width=40', 'image/avif,image/webp,*/*')
    expect(avif.headers.get('content-type')).toBe('image/avif')
    await stack.sql`update storage.buckets set avif_autodetection = false where id = 'avatars'`
    const explicit = await render('width=40&format=avif', '*/*')
    expect(explicit.headers.get('content-type')).toBe('image/avif')
  })

  it('answers 304 to the ETag of the same rendering', async () => {
    const first = await render('width=64', '*/*')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const again = await storageFetch(
      stack,
      `/render/image/public/avatars/${user.id}/photo.jpg?width=64`,
      {
        headers: { 'if-none-match': etag },
      }
    )
    expect(again.status).toBe(304)
    const other = await render('width=65', '*/*')
    expect(other.headers.get('etag')).not.toBe(etag)
  })
})

describe('bad transformations', () => {
  it('refuses out-of-range options with a validation error', async () => {
    for (const [query, message] of [
      ['width=3000', 'querystring/width must be <= 2500'],
      ['height=-1', 'querystring/height must be >= 0'],
      ['width=abc', 'querystring/width must be integer'],
      ['quality=5', 'querystring/quality must be >= 20'],
      ['resize=crop', 'querystring/resize must be equal to one of the allowed values'],
      ['format=gif', 'querystring/format must be equal to one of the allowed values'],
    ]) {
      const response = await storageFetch(
        stack,
        `/render/image/public/avatars/${user.id}/photo.jpg?${query}`
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ statusCode: '400', message })
    }
  })

  it('answers a file that is no image with an image processing error', async () => {
    const response = await storageFetch(
      stack,
      `/render/image/public/avatars/${user.id}/not-an-image.jpg?width=10`
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '422', code: 'ImageProcessingError' })
  })

  it('answers a missing object with NoSuchKey', async () => {
    const { error } = await serviceClient(stack)
      .storage.from('avatars')
      .download('missing.jpg', { transform: { width: 10 } })
    expect(errorShape(error)).toMatchObject({ statusCode: '404', message: 'Object not found' })
  })
})
