// A keys file as `supabase gen signing-key --append` writes it (two private JWKs, ES256 then RS256,
// each with "key_ops": ["sign", "verify"] and "ext": true): the stack starts, the first key
// signs, both are published at /auth/v1/.well-known/jwks.json as GoTrue publishes them, and a
// token signed with the second works in Auth, REST, Storage, Realtime and functions.
import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto'
import type { JsonWebKey } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

let stack: TestStack
const ES_KID = randomUUID()
const RS_KID = randomUUID()
let es: Record<string, unknown>
/** The ES256 key's coordinates at their full 32 bytes. */
let esFull: { x: string; y: string }
let rs: Record<string, unknown>

/** Go's big.Int.Bytes(), as the CLI encodes coordinates: leading zero bytes dropped. */
function goBytes(value: string): string {
  const bytes = Buffer.from(value, 'base64url')
  let start = 0
  while (start < bytes.length - 1 && bytes[start] === 0) start++
  return bytes.subarray(start).toString('base64url')
}

/** An ES256 key whose x starts with exactly one zero byte, so the CLI writes it 31 bytes long. */
function cliEcKey(kid: string): { cli: Record<string, unknown>; full: { x: string; y: string } } {
  for (;;) {
    const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      format: 'jwk',
    }) as JsonWebKey
    const xBytes = Buffer.from(jwk.x as string, 'base64url')
    // One key in 256 has a second zero byte too, which the CLI would drop as well.
    if (xBytes[0] !== 0 || xBytes[1] === 0) continue
    const [x, y, d] = [jwk.x, jwk.y, jwk.d].map((v) => goBytes(v as string))
    const full = { x: jwk.x as string, y: jwk.y as string }
    return {
      full,
      cli: {
        kty: 'EC',
        kid,
        use: 'sig',
        key_ops: ['sign', 'verify'],
        alg: 'ES256',
        ext: true,
        crv: 'P-256',
        x,
        y,
        d,
      },
    }
  }
}

function cliRsaKey(kid: string): Record<string, unknown> {
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  }) as JsonWebKey
  const { n, e, d, p, q, dp, dq, qi } = jwk
  return {
    kty: 'RSA',
    kid,
    use: 'sig',
    key_ops: ['sign', 'verify'],
    alg: 'RS256',
    ext: true,
    n,
    e,
    d,
    p,
    q,
    dp,
    dq,
    qi,
  }
}

function header(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >
}

beforeAll(async () => {
  ;({ cli: es, full: esFull } = cliEcKey(ES_KID))
  rs = cliRsaKey(RS_KID)
  stack = await startTestStack({
    config: `project_id = "cli-keys"
[auth]
signing_keys_path = "./signing_keys.json"
[auth.email]
enable_confirmations = false
`,
    files: {
      'signing_keys.json': JSON.stringify([es, rs], null, 2) + '\n',
      'functions/whoami/index.ts': `
        Deno.serve(() => new Response(JSON.stringify({ ok: true }), {
          headers: { 'Content-Type': 'application/json' },
        }))
      `,
    },
    migrations: {
      '20240101000000_notes.sql': `
        create table public.notes (
          id bigint generated always as identity primary key,
          owner uuid not null default auth.uid(),
          body text not null
        );
        alter table public.notes enable row level security;
        grant select, insert on public.notes to authenticated;
        create policy "own notes" on public.notes for all to authenticated
          using (owner = auth.uid()) with check (owner = auth.uid());
        insert into storage.buckets (id, name, public) values ('files', 'files', false);
        create policy "own files" on storage.objects for all to authenticated
          using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text))
          with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
      `,
    },
  })
})

afterAll(async () => {
  await stack?.stop()
})

describe('signing keys written by supabase gen signing-key', () => {
  it('publishes the public halves as GoTrue does: sorted members, use sig, key_ops verify', async () => {
    const response = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)
    expect(response.status).toBe(200)
    const text = await response.text()
    // The CLI wrote x 31 bytes long; it is published at its full 32 bytes, as WebCrypto needs.
    expect(Buffer.from(es.x as string, 'base64url')).toHaveLength(31)
    const expected = {
      keys: [
        {
          alg: 'ES256',
          crv: 'P-256',
          ext: true,
          key_ops: ['verify'],
          kid: ES_KID,
          kty: 'EC',
          use: 'sig',
          x: esFull.x,
          y: esFull.y,
        },
        {
          alg: 'RS256',
          e: rs.e,
          ext: true,
          key_ops: ['verify'],
          kid: RS_KID,
          kty: 'RSA',
          n: rs.n,
          use: 'sig',
        },
      ],
    }
    expect(text).toBe(JSON.stringify(expected))
    expect(text).not.toMatch(/"(d|p|q|dp|dq|qi)":/)
  })

  it('signs sessions and the API keys with the first key; supabase-js verifies them', async () => {
    expect(header(stack.anonKey)).toEqual({ alg: 'ES256', kid: ES_KID, typ: 'JWT' })
    const client = stack.client()
    const email = `cli-keys-${randomUUID().slice(0, 8)}@example.com`
    const { data, error } = await client.auth.signUp({ email, password: 'secret-pass-1' })
    expect(error).toBeNull()
    expect(header(data.session!.access_token)).toEqual({ alg: 'ES256', kid: ES_KID, typ: 'JWT' })
    const claims = await client.auth.getClaims()
    expect(claims.error).toBeNull()
    expect(claims.data?.claims.sub).toBe(data.user!.id)
  })

  it('accepts a token signed with the second key in Auth, REST, Storage, Realtime and functions', async () => {
    const email = `rs-${randomUUID().slice(0, 8)}@example.com`
    const signedUp = await stack.client().auth.signUp({ email, password: 'secret-pass-1' })
    expect(signedUp.error).toBeNull()
    const session = signedUp.data.session!
    const payload = JSON.parse(
      Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()
    ) as Record<string, unknown>
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: RS_KID, typ: 'JWT' })
      .sign(createPrivateKey({ key: rs as JsonWebKey, format: 'jwk' }))
    const userId = signedUp.data.user!.id

    // Auth: the user endpoint.
    const me = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
    })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { id: string }).id).toBe(userId)

    const client = stack.client(stack.anonKey, { accessToken: async () => token })
    // REST: row-level security sees the token's sub.
    const inserted = await client.from('notes').insert({ body: 'hi' }).select('owner, body')
    expect(inserted.error).toBeNull()
    expect(inserted.data).toEqual([{ owner: userId, body: 'hi' }])

    // Storage: an upload under the user's own folder, then a download.
    const upload = await client.storage.from('files').upload(`${userId}/a.txt`, 'hello')
    expect(upload.error).toBeNull()
    const download = await client.storage.from('files').download(`${userId}/a.txt`)
    expect(await download.data?.text()).toBe('hello')

    // Functions: verify_jwt is on by default.
    const invoked = await client.functions.invoke('whoami')
    expect(invoked.error).toBeNull()
    expect(invoked.data).toEqual({ ok: true })

    // Realtime: a channel joins with the token, and the HTTP broadcast API takes it.
    const channel = client.channel(`room-${randomUUID()}`)
    const status = await new Promise<string>((resolve) =>
      channel.subscribe((s) => {
        if (s !== 'CLOSED') resolve(s)
      })
    )
    expect(status).toBe('SUBSCRIBED')
    await client.removeChannel(channel)
    const broadcast = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ messages: [{ topic: 'x', event: 'e', payload: {} }] }),
    })
    expect(broadcast.status).toBe(202)
  })
})
