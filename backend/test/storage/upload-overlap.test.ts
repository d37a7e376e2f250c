// A raw upload streams to a temporary file while the permission check runs. Whatever the check
// or the bucket's rules refuse is answered as before (the refusal, in Storage's format), leaves
// no file and no row, and the connection stays usable for the next request.
import { Agent } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import { bytes, filesOnDisk, makeUser, serviceClient, startStorageStack } from './support.ts'
import type { TestUser } from './support.ts'
import { rawPost, tmpIsEmpty } from './raw-upload.ts'
import type { RawAnswer } from './raw-upload.ts'

let stack: TestStack
let alice: TestUser
let bob: TestUser
/** One keep-alive connection: every request below reuses it once it exists. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

beforeAll(async () => {
  stack = await startStorageStack()
  alice = await makeUser(stack)
  bob = await makeUser(stack)
  const storage = serviceClient(stack).storage
  await storage.createBucket('tiny', { public: false, fileSizeLimit: 1000 })
  await storage.createBucket('pictures', { public: false, allowedMimeTypes: ['image/*'] })
})

afterAll(async () => {
  agent.destroy()
  await stack?.stop()
})

/** raw-upload.ts's rawPost on this file's stack, on the shared connection unless `via` names another. */
function post(
  objectPath: string,
  token: string,
  pieces: Buffer[],
  headers: Record<string, string> = {},
  via: Agent | false = agent,
  lateRest = false
): Promise<RawAnswer> {
  return rawPost(stack, objectPath, { token, pieces, headers, agent: via, lateRest })
}

async function rows(): Promise<readonly unknown[]> {
  return stack.sql`select bucket_id, name from storage.objects order by 1, 2`
}

describe('raw uploads received while the permission check runs', () => {
  it('answers a refusal by row-level security, keeps nothing, and keeps the connection', async () => {
    const before = { rows: await rows(), files: await filesOnDisk(stack) }
    const body = Array.from({ length: 8 }, (_, i) => bytes(32 * 1024, i + 1))
    // Most of the body is sent only once the refusal is in: the server must read it off the wire.
    const refused = await post(
      `avatars/${bob.id}/planted.bin`,
      alice.token,
      body,
      { 'content-length': String(8 * 32 * 1024) },
      agent,
      true
    )
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    })
    expect(await tmpIsEmpty(stack)).toBe(true)
    expect({ rows: await rows(), files: await filesOnDisk(stack) }).toEqual(before)
    // The rest of the refused body was read off the connection: the next request is answered.
    const allowed = await post(`avatars/${alice.id}/face.bin`, alice.token, [bytes(5000)])
    expect(allowed).toMatchObject({ status: 200, reusedSocket: true })
    const { data } = await serviceClient(stack)
      .storage.from('avatars')
      .download(`${alice.id}/face.bin`)
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(bytes(5000))
  })

  it('answers a missing bucket first, even for a body over every limit', async () => {
    // A connection of its own: the declared body is never sent in full.
    const answer = await post(
      'no-such-bucket/x.bin',
      stack.serviceRoleKey,
      [bytes(10)],
      { 'content-length': String(200 * 1024 * 1024) },
      false
    )
    expect(answer.body).toMatchObject({ statusCode: '404', error: 'Bucket not found' })
    expect(await tmpIsEmpty(stack)).toBe(true)
  })

  it('refuses a chunked body over the bucket limit that arrived before the limit was known', async () => {
    const before = await rows()
    const answer = await post('tiny/whole.bin', stack.serviceRoleKey, [bytes(1500)])
    expect(answer.body).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' })
    expect(await tmpIsEmpty(stack)).toBe(true)
    expect(await rows()).toEqual(before)
    const fits = await post('tiny/fits.bin', stack.serviceRoleKey, [bytes(1000)])
    expect(fits.status).toBe(200)
  })

  it('refuses a type the bucket does not take, and the connection serves on', async () => {
    const before = await rows()
    const answer = await post('pictures/notes.bin', stack.serviceRoleKey, [bytes(64 * 1024)], {
      'content-type': 'text/plain',
    })
    expect(answer.body).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' })
    expect(await tmpIsEmpty(stack)).toBe(true)
    expect(await rows()).toEqual(before)
    const png = await post('pictures/ok.png', stack.serviceRoleKey, [bytes(2000)], {
      'content-type': 'image/png',
    })
    expect(png).toMatchObject({ status: 200, reusedSocket: true })
  })
})
