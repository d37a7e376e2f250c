import { afterEach, describe, expect, it, vi } from 'vitest'
import { keptRuntimeConfig, loadRuntimeConfig } from './runtime-config.ts'

const CONFIG = { supabaseUrl: 'http://127.0.0.1:54321', supabaseKey: 'anon' }

/** /config.json answered with `body` (a real Response: only the network is not there). */
function serve(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status }))
  )
}

function watchReload() {
  const reload = vi.fn()
  vi.stubGlobal('location', { ...window.location, reload })
  return reload
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('the config a return visit starts with', () => {
  it('is the last valid /config.json, kept on the device', async () => {
    expect(keptRuntimeConfig()).toBeNull()
    serve({ ...CONFIG, supabaseUrl: `${CONFIG.supabaseUrl}/` })
    expect(await loadRuntimeConfig()).toEqual({ ok: true, value: CONFIG })
    expect(keptRuntimeConfig()).toEqual(CONFIG)
  })

  it('is not replaced by an answer that is not valid', async () => {
    serve(CONFIG)
    await loadRuntimeConfig()
    serve({ supabaseUrl: 'ftp://x' })
    expect((await loadRuntimeConfig()).ok).toBe(false)
    serve({}, 500)
    expect((await loadRuntimeConfig()).ok).toBe(false)
    expect(keptRuntimeConfig()).toEqual(CONFIG)
  })

  it('reloads a page started with it when the server names another backend', async () => {
    const reload = watchReload()
    serve(CONFIG)
    await loadRuntimeConfig()
    await loadRuntimeConfig(true)
    expect(reload).not.toHaveBeenCalled()
    const moved = { ...CONFIG, supabaseUrl: 'https://chorus.example.com' }
    serve(moved)
    await loadRuntimeConfig(true)
    expect(reload).toHaveBeenCalledOnce()
    expect(keptRuntimeConfig()).toEqual(moved)
  })

  it('reloads a page started with a kept value that is not valid, then keeps the server’s', async () => {
    const reload = watchReload()
    localStorage.setItem('chorus.config', '{"supabaseUrl":42}')
    serve(CONFIG)
    await loadRuntimeConfig(true)
    expect(reload).toHaveBeenCalledOnce()
    expect(keptRuntimeConfig()).toEqual(CONFIG)
  })

  it('keeps nothing from a start without one kept, and never reloads it', async () => {
    const reload = watchReload()
    serve(CONFIG)
    await loadRuntimeConfig()
    serve({ ...CONFIG, supabaseKey: 'another' })
    await loadRuntimeConfig()
    expect(reload).not.toHaveBeenCalled()
    expect(keptRuntimeConfig()?.supabaseKey).toBe('another')
  })
})
