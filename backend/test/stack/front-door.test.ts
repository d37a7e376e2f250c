// The front door: CORS, the gateway's key handling, strict keys, unknown routes, loopback names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

let open: TestStack
let strict: TestStack

beforeAll(async () => {
  ;[open, strict] = await Promise.all([
    startTestStack(),
    startTestStack({
      strictKeys: true,
      // A webhook receiver (verify_jwt = false) beside a function that verifies JWTs.
      config: 'project_id = "test"\n\n[functions.hook]\nverify_jwt = false\n',
      files: {
        'functions/hook/index.ts':
          "export default () => new Response('received', { headers: { 'content-type': 'text/plain' } })\n",
        'functions/guarded/index.ts': "export default () => new Response('guarded')\n",
      },
    }),
  ])
})

afterAll(async () => {
  await Promise.all([open?.stop(), strict?.stop()])
})

describe('CORS', () => {
  it('answers preflights on every service with the requested headers allowed', async () => {
    for (const path of [
      '/rest/v1/todos',
      '/auth/v1/token',
      '/storage/v1/object/a/b',
      '/functions/v1/hello',
    ]) {
      const response = await fetch(`${open.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'authorization, apikey, x-client-info, content-type, prefer',
        },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
      expect(response.headers.get('access-control-allow-headers')).toBe(
        'authorization, apikey, x-client-info, content-type, prefer'
      )
    }
  })

  it('exposes the headers the clients read', async () => {
    const response = await fetch(`${open.url}/no/such/route`)
    const exposed = response.headers.get('access-control-expose-headers') ?? ''
    for (const header of [
      'Content-Range',
      'X-Supabase-Api-Version',
      'X-Total-Count',
      'Link',
      'ETag',
      'Content-Disposition',
    ]) {
      expect(exposed).toContain(header)
    }
  })
})

describe('routing', () => {
  it('answers unknown routes as the gateway does', async () => {
    const response = await fetch(`${open.url}/no/such/route`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' })
  })

  it('is reachable as 127.0.0.1 and as localhost', async () => {
    const port = new URL(open.url).port
    for (const host of ['127.0.0.1', 'localhost']) {
      const response = await fetch(`http://${host}:${port}/functions/v1/missing`)
      expect(response.status).toBe(404)
    }
  })
})

describe('strict keys', () => {
  it('refuses a request without an API key with the hosted gateway body', async () => {
    const response = await fetch(`${strict.url}/functions/v1/missing`)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
  })

  it('refuses an unknown API key', async () => {
    const response = await fetch(`${strict.url}/functions/v1/missing`, {
      headers: { apikey: 'sb_publishable_wrong' },
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    })
  })

  it('lets requests with a project key through, in the header or the query string', async () => {
    const attempts: { url: string; headers: Record<string, string> }[] = [
      {
        url: `${strict.url}/functions/v1/missing`,
        headers: { apikey: strict.keys.publishableKey },
      },
      { url: `${strict.url}/functions/v1/missing?apikey=${strict.anonKey}`, headers: {} },
    ]
    for (const init of attempts) {
      const response = await fetch(init.url, { headers: init.headers })
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Function not found')
    }
  })

  it('lets public and signed Storage URLs through without a key, for reading only', async () => {
    // Storage answers them itself (no such bucket, a bad token), not the gateway.
    const publicRead = await fetch(`${strict.url}/storage/v1/object/public/nowhere/a.png`)
    expect(publicRead.status).toBe(400)
    expect(await publicRead.json()).toMatchObject({ error: 'Bucket not found' })
    const signedRead = await fetch(`${strict.url}/storage/v1/object/sign/nowhere/a.png?token=bad`)
    expect(signedRead.status).toBe(400)
    expect(await signedRead.json()).toMatchObject({ error: 'InvalidJWT' })
    const head = await fetch(`${strict.url}/storage/v1/render/image/public/nowhere/a.png`, {
      method: 'HEAD',
    })
    expect(head.status).not.toBe(401)
    // Minting a signed URL is not a read: it still needs a key.
    const mint = await fetch(`${strict.url}/storage/v1/object/sign/nowhere/a.png`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
    })
    expect(mint.status).toBe(401)
    expect(await mint.json()).toMatchObject({ message: 'No API key found in request' })
  })

  it('lets a function that verifies no JWT be called without a key, as hosted Supabase does', async () => {
    // A webhook from another service carries no project key: only verify_jwt = false opens it.
    const hook = await fetch(`${strict.url}/functions/v1/hook/sub?x=1`, {
      method: 'POST',
      body: '{}',
    })
    expect(hook.status).toBe(200)
    expect(await hook.text()).toBe('received')
    const guarded = await fetch(`${strict.url}/functions/v1/guarded`, { method: 'POST' })
    expect(guarded.status).toBe(401)
    expect(await guarded.json()).toMatchObject({ message: 'No API key found in request' })
    // A name that only starts like the open one is not it.
    const lookalike = await fetch(`${strict.url}/functions/v1/hooked`)
    expect(lookalike.status).toBe(401)
  })

  it('serves keyless requests as anonymous when not strict', async () => {
    const response = await fetch(`${open.url}/functions/v1/missing`)
    expect(response.status).toBe(404)
  })
})
