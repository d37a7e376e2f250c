// @vitest-environment node
/// <reference types="node" />
// Two of the build's plugins: the Auth admin API's stand-in (lazy-auth-admin.ts), run against
// supabase-js's real admin API, and the kept screen's inline script (inline-kept-screen.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import type { Plugin } from 'vite'
import { keptScreenScript } from './inline-kept-screen.ts'
import { lazyAuthAdmin } from './lazy-auth-admin.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'chorus-plugins-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Hook = (...args: unknown[]) => unknown
const hook = (plugin: Plugin, name: 'resolveId' | 'load') => plugin[name] as unknown as Hook

describe('the Auth admin API’s stand-in', () => {
  const plugin = lazyAuthAdmin()
  const client = '/x/node_modules/@supabase/auth-js/dist/module/GoTrueClient.js'

  it('stands in for the admin API where supabase-js imports it, and nowhere else', () => {
    const resolve = hook(plugin, 'resolveId')
    expect(resolve('./GoTrueAdminApi', client)).toMatch(/lazy-auth-admin/)
    expect(resolve('./GoTrueAdminApi', client.replace('GoTrueClient', 'index'))).toMatch(/lazy/)
    expect(resolve('./GoTrueAdminApi', '/x/src/lib/supabase.ts')).toBeNull()
    expect(resolve('./helpers', client)).toBeNull()
  })

  it('loads the real admin API on the first call, and calls it: nested ones too', async () => {
    const id = hook(plugin, 'resolveId')('./GoTrueAdminApi', client) as string
    const file = path.join(dir, 'stand-in.mjs')
    writeFileSync(file, hook(plugin, 'load')(id) as string)
    const { default: LazyAdminApi } = (await import(pathToFileURL(file).href)) as {
      default: new (options: object) => {
        listUsers(): Promise<{ data: { users: unknown[] }; error: unknown }>
        mfa: { listFactors(p: { userId: string }): Promise<{ error: unknown }> }
      }
    }
    const asked: string[] = []
    const fetch = async (url: string, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${url}`)
      return Response.json(url.endsWith('/factors') ? [] : { users: [{ id: 'u1' }], aud: 'x' })
    }
    const admin = new LazyAdminApi({ url: 'http://auth.test', headers: {}, fetch })
    // Not a thenable: awaiting the client (or a part of it) does not call anything.
    expect((admin as unknown as { then?: unknown }).then).toBeUndefined()
    expect(asked).toEqual([])
    const users = await admin.listUsers()
    expect(users.error).toBeNull()
    expect(users.data.users).toEqual([{ id: 'u1' }])
    const userId = '00000000-0000-4000-8000-000000000001'
    expect((await admin.mfa.listFactors({ userId })).error).toBeNull()
    expect(asked).toEqual([
      'GET http://auth.test/admin/users?page=&per_page=',
      `GET http://auth.test/admin/users/${userId}/factors`,
    ])
  })
})

describe('the kept screen’s inline script', () => {
  it('is the restore, minified, run at once, and cannot close its own tag', async () => {
    const script = await keptScreenScript()
    expect(script).not.toMatch(/\bexport\b|<\/script/i)
    expect(script).toMatch(/\(document,localStorage,window\)\}\)\(\);?$/)
    // Small: it is counted in the first screen's JavaScript (e2e/first-screen.spec.ts).
    expect(script.length).toBeLessThan(2000)
  })
})
