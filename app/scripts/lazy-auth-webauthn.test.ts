// @vitest-environment node
/// <reference types="node" />
// The plugin that takes supabase-js's WebAuthn and Ethereum code out of the entry
// (lazy-auth-webauthn.ts), run on the real Auth client: the client it makes still loads, and its
// `mfa.webauthn` reaches the real WebAuthnApi on first call.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { lazyAuthWebauthn } from './lazy-auth-webauthn.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'chorus-webauthn-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const moduleDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@supabase/auth-js/package.json')),
  'dist/module'
)
const clientFile = path.join(moduleDir, 'GoTrueClient.js')

function transformed(): string {
  const plugin = lazyAuthWebauthn()
  const transform = plugin.transform as unknown as (
    this: { error(message: string): never },
    code: string,
    id: string
  ) => { code: string } | null
  const context = {
    error(message: string): never {
      throw new Error(message)
    },
  }
  const result = transform.call(context, readFileSync(clientFile, 'utf8'), clientFile)
  if (!result) throw new Error('GoTrueClient.js was not transformed')
  return result.code
}

describe('the Auth client’s lazy WebAuthn', () => {
  it('imports WebAuthn and Ethereum only when used, and only the Auth client is changed', () => {
    const code = transformed()
    expect(code).not.toMatch(/from '\.\/lib\/webauthn'/)
    expect(code).not.toMatch(/from '\.\/lib\/web3\/ethereum'/)
    expect(code).toContain(`import('./lib/webauthn')`)
    expect(code).toContain(`import('./lib/web3/ethereum')`)
    expect(code).toContain('(await __chorusWebauthn()).browserSupportsWebAuthn()')
    expect(code).toContain('(await __chorusEthereum()).getAddress(')
    const transform = lazyAuthWebauthn().transform as unknown as (c: string, id: string) => unknown
    expect(transform('x', '/x/src/lib/supabase.ts')).toBeNull()
  })

  it('makes a client whose mfa.webauthn calls the real WebAuthnApi on first use', async () => {
    // The client, transformed, beside the package's real modules (imported by absolute URL).
    const code = transformed()
      .replace(/^\/\/# sourceMappingURL=.*$/m, '')
      .replace(
        /(from |import\()'(\.\.?\/[^']+)'/g,
        (_m, head: string, relative: string) =>
          `${head}'${pathToFileURL(path.join(moduleDir, relative)).href}.js'`
      )
    const file = path.join(dir, 'GoTrueClient.mjs')
    writeFileSync(file, code)
    const { default: GoTrueClient } = (await import(pathToFileURL(file).href)) as {
      default: new (options: object) => {
        mfa: { webauthn: Record<string, (params: object) => Promise<{ error: Error | null }>> }
      }
    }
    const asked: string[] = []
    const fetch = async (url: string, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${url} ${String(init?.body ?? '')}`)
      return Response.json({ id: 'f1', type: 'webauthn' })
    }
    const memory = new Map<string, string>()
    const client = new GoTrueClient({
      url: 'http://auth.test',
      fetch,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key: string) => memory.get(key) ?? null,
        setItem: (key: string, value: string) => void memory.set(key, value),
        removeItem: (key: string) => void memory.delete(key),
      },
    })
    expect(Object.keys(client.mfa.webauthn).sort()).toEqual(
      ['authenticate', 'challenge', 'enroll', 'register', 'verify'].sort()
    )
    expect(asked).toEqual([])
    // The real WebAuthnApi's enroll: mfa.enroll with the factor type it adds, webauthn.
    const { error } = await client.mfa.webauthn.enroll!({ friendlyName: 'key' })
    expect(error).toBeNull()
    expect(asked).toEqual([
      'POST http://auth.test/factors {"friendly_name":"key","factor_type":"webauthn"}',
    ])
    // Importing the whole Auth client takes seconds on a busy machine.
  }, 30_000)
})
