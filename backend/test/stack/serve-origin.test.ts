// `serve` (production mode) through the options the CLI builds (see serve.test.ts): the app with
// its cache rules, /config.json, every API and Realtime on one port, and /health.
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { PUBLIC, useServeProject } from './serve-project.ts'

const t = useServeProject()

const { get, rawGet, publishable, client } = t

describe('serve: one origin', () => {
  it('answers the app at / with index.html for its routes and its files with their cache rules', async () => {
    const home = await get('/')
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toMatch(/^text\/html/)
    expect(home.headers.get('cache-control')).toBe('no-cache')
    expect(await home.text()).toContain('<title>Chorus</title>')

    const deep = await get('/w/some-workspace/c/general?thread=1')
    expect(deep.status).toBe(200)
    expect(await deep.text()).toContain('<title>Chorus</title>')

    const asset = await get('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await asset.text()).toBe('console.log("chorus")')

    expect((await get('/assets/index-gone.js')).status).toBe(404)
    expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('no-cache')
    // An encoded way out of the folder is a route of the app, never a file elsewhere.
    const escape = await rawGet('/..%2f..%2f..%2f..%2fetc%2fpasswd')
    expect(escape.body).toContain('<title>Chorus</title>')
    expect(escape.body).not.toContain('root:')
  })

  it('serves /config.json with the public URL and the publishable key only', async () => {
    const response = await get('/config.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({
      supabaseUrl: PUBLIC,
      supabaseKey: t.serve.stack.keys.publishableKey,
    })
  })

  it('answers every API beside the app on the same port', async () => {
    expect((await get('/rest/v1/', publishable())).status).toBe(200)
    const settings = await get('/auth/v1/settings', publishable())
    expect(settings.status).toBe(200)
    const buckets = await get('/storage/v1/bucket', {
      apikey: t.serve.stack.keys.secretKey,
      authorization: `Bearer ${t.serve.stack.keys.secretKey}`,
    })
    expect(buckets.status).toBe(200)
    expect(await buckets.json()).toEqual([])
    const fn = await get('/functions/v1/nothing-here', publishable())
    expect(fn.status).toBe(404)
    expect(await fn.text()).toBe('Function not found')
    // A path of the API no route answers is the gateway's 404, never the app.
    const unknown = await get('/realtime/v1/nothing', publishable())
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'no Route matched with those values' })
  })

  it('carries Realtime over a WebSocket on the same port', async () => {
    const supabase = client()
    const channel = supabase.channel('room-1')
    const status = await new Promise<string>((resolve) =>
      channel.subscribe((state) => {
        if (state !== 'CLOSED') resolve(state)
      })
    )
    expect(status).toBe('SUBSCRIBED')
    await supabase.removeAllChannels()
  })

  it('answers /health with each service and the database, and 503 when the database refuses', async () => {
    const up = await get('/health')
    expect(up.status).toBe(200)
    const body = (await up.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      status: 'ok',
      database: 'ok',
      services: { rest: 'ok', auth: 'ok', storage: 'ok', realtime: 'ok', functions: 'ok' },
    })
    const database = new URL(t.serve.databaseUrl).pathname.slice(1)
    const cluster = new URL(t.serve.databaseUrl)
    cluster.pathname = '/postgres'
    const admin = postgres(cluster.toString(), { max: 1, onnotice: () => {} })
    try {
      await admin.unsafe(`alter database ${database} allow_connections false`)
      const down = await get('/health')
      expect(down.status).toBe(503)
      expect(await down.json()).toMatchObject({ status: 'unavailable', database: 'down' })
    } finally {
      await admin.unsafe(`alter database ${database} allow_connections true`)
      await admin.end()
    }
    expect((await get('/health')).status).toBe(200)
  })
})
