import type { Session } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { needsCode } from './assurance.ts'

/** A token shaped as GoTrue's (header.payload.signature, base64url), with these claims. */
function token(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`
}

function session(aal: string | undefined, statuses: ('verified' | 'unverified')[]): Session {
  return {
    access_token: token({ sub: 'u1', role: 'authenticated', ...(aal ? { aal } : {}) }),
    user: {
      id: 'u1',
      factors: statuses.map((status, i) => ({
        id: `f${i}`,
        factor_type: 'totp',
        status,
        created_at: '',
        updated_at: '',
      })),
    },
  } as unknown as Session
}

describe('needsCode', () => {
  it('asks for the code at aal1 when the account has a verified factor', () => {
    expect(needsCode(session('aal1', ['verified']))).toBe(true)
    expect(needsCode(session(undefined, ['unverified', 'verified']))).toBe(true)
  })

  it('does not at aal2, nor without a verified factor', () => {
    expect(needsCode(session('aal2', ['verified']))).toBe(false)
    expect(needsCode(session('aal1', []))).toBe(false)
    expect(needsCode(session('aal1', ['unverified']))).toBe(false)
  })

  it('reads claims whose base64url uses - and _', () => {
    // "aal2" with a name that encodes to - and _ characters in base64url.
    const s = session('aal2', ['verified'])
    s.access_token = token({ sub: 'u1', aal: 'aal2', name: '??>>~~' })
    expect(s.access_token.split('.')[1]).toMatch(/[-_]/)
    expect(needsCode(s)).toBe(false)
  })

  it('asks for the code when the token cannot be read', () => {
    const s = session('aal2', ['verified'])
    s.access_token = 'not-a-token'
    expect(needsCode(s)).toBe(true)
  })
})
