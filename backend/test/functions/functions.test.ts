// Edge functions at /functions/v1, called through supabase-js as an app calls them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({
    config: 'project_id = "fns"\n[functions.open]\nverify_jwt = false\n',
    files: {
      'functions/hello/index.ts': `
        Deno.serve(async (request: Request) => {
          const { name } = await request.json()
          const body = { message: 'Hello ' + name, auth: request.headers.get('authorization') !== null, url: Deno.env.get('SUPABASE_URL') }
          return new Response(JSON.stringify(body), {
            headers: { 'Content-Type': 'application/json' },
          })
        })
      `,
      'functions/open/index.ts': `
        export default (request: Request) => new Response('open ' + new URL(request.url).pathname)
      `,
      'functions/broken/index.ts': `
        export default () => { throw new Error('boom') }
      `,
    },
  })
})

afterAll(async () => {
  await stack?.stop()
})

describe('functions', () => {
  it('invokes a Deno.serve function with a JSON body through supabase-js', async () => {
    const { data, error } = await stack
      .client()
      .functions.invoke('hello', { body: { name: 'Ada' } })
    expect(error).toBeNull()
    expect(data).toEqual({ message: 'Hello Ada', auth: true, url: stack.url })
  })

  it('verifies the JWT unless verify_jwt is off', async () => {
    const missing = await fetch(`${stack.url}/functions/v1/hello`, { method: 'POST', body: '{}' })
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' })

    const bad = await fetch(`${stack.url}/functions/v1/hello`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.jwt' },
      body: '{}',
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ msg: 'Invalid JWT' })

    const open = await fetch(`${stack.url}/functions/v1/open/sub/path`)
    expect(open.status).toBe(200)
    expect(await open.text()).toBe('open /open/sub/path')
  })

  it('answers unknown functions and failing functions as the edge runtime does', async () => {
    const unknown = await fetch(`${stack.url}/functions/v1/nope`, {
      headers: { authorization: `Bearer ${stack.anonKey}` },
    })
    expect(unknown.status).toBe(404)
    const broken = await fetch(`${stack.url}/functions/v1/broken`, {
      headers: { authorization: `Bearer ${stack.anonKey}` },
    })
    expect(broken.status).toBe(500)
    expect(await broken.json()).toMatchObject({ code: 'WORKER_ERROR' })
  })
})
