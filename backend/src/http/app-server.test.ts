import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildAppServer } from './app-server.ts'

async function dist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'app-dist-'))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(path.join(dir, 'index.html'), '<title>app</title>')
  await writeFile(path.join(dir, 'assets', 'main-1a2b.js'), 'run()')
  return dir
}

describe("start's app server", () => {
  it('serves files, index.html for routes, /config.json, and 404 for missing files and writes', async () => {
    const runtimeConfig = { supabaseUrl: 'http://127.0.0.1:54321', supabaseKey: 'sb_publishable_x' }
    const app = await buildAppServer({ distDir: await dist(), runtimeConfig })
    const home = await app.inject({ url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.body).toBe('<title>app</title>')
    expect(home.headers['cache-control']).toBe('no-cache')
    const route = await app.inject({ url: '/w/1/c/2' })
    expect(route.body).toBe('<title>app</title>')
    const asset = await app.inject({ url: '/assets/main-1a2b.js' })
    expect(asset.body).toBe('run()')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await app.inject({ url: '/assets/gone.js' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'POST', url: '/' })).statusCode).toBe(404)
    const config = await app.inject({ url: '/config.json' })
    expect(config.json()).toEqual(runtimeConfig)
    expect(config.headers['cache-control']).toBe('no-store')
    await app.close()
  })

  it('refuses a folder without index.html, saying how to build it', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'app-dist-'))
    await expect(
      buildAppServer({ distDir: empty, runtimeConfig: { supabaseUrl: '', supabaseKey: '' } })
    ).rejects.toThrow(`${empty} holds no index.html; build the app first (npm run build -w app)`)
  })
})
