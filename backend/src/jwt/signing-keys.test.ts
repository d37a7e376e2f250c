import { generateKeyPairSync } from 'node:crypto'
import type { JsonWebKey } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSigningKeys } from './signing-keys.ts'
import { temporaryFolders } from '../../test/support/temp-folders.ts'

const folders = temporaryFolders()

let dir: string
let ec: Record<string, unknown>

beforeAll(async () => {
  dir = await folders.make('signing-keys-')
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
    format: 'jwk',
  }) as JsonWebKey
  ec = { ...jwk, kid: 'k1', alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true }
})

async function file(name: string, content: string): Promise<string> {
  const target = path.join(dir, name)
  await writeFile(target, content)
  return target
}

/** The one-line message loading `content` fails with. */
async function failure(content: string): Promise<string> {
  const target = await file(`keys-${Math.random().toString(36).slice(2)}.json`, content)
  const error = await loadSigningKeys(target).then(
    () => null,
    (e: unknown) => e as Error
  )
  expect(error).toBeInstanceOf(Error)
  expect(error!.message).not.toContain('\n')
  expect(error!.message.startsWith(`signing keys file ${target}: `)).toBe(true)
  return error!.message.slice(`signing keys file ${target}: `.length)
}

describe('loadSigningKeys', () => {
  it('picks the key with "sign" in key_ops; the others only verify', async () => {
    const verifyOnly = { ...ec, kid: 'k0', key_ops: ['verify'], d: undefined }
    const loaded = await loadSigningKeys(await file('two.json', JSON.stringify([verifyOnly, ec])))
    expect(loaded.keys.map((k) => k.kid)).toEqual(['k0', 'k1'])
    expect(loaded.signer.kid).toBe('k1')
    expect(loaded.keys[0]!.privateKey).toBeNull()
  })

  it('signs with the first of several signing keys (gen signing-key --append)', async () => {
    const second = { ...ec, kid: 'k2' }
    const loaded = await loadSigningKeys(await file('append.json', JSON.stringify([ec, second])))
    expect(loaded.signer.kid).toBe('k1')
  })

  it('names the file and the reason for every wrong file', async () => {
    expect(await failure('{not json')).toMatch(/^is not valid JSON \(/)
    expect(await failure('[]')).toBe('holds an empty list of keys')
    expect(await failure('[42]')).toBe('key 1 is not a JWK object')
    expect(await failure(JSON.stringify([{ ...ec, kty: 'OKP' }]))).toBe(
      'key 1 (kid "k1"): unsupported kty "OKP" (RS256 needs "RSA", ES256 needs "EC")'
    )
    expect(await failure(JSON.stringify([{ ...ec, alg: 'RS256' }]))).toMatch(
      /^key 1 \(kid "k1"\): alg "RS256" does not fit kty "EC"/
    )
    expect(await failure(JSON.stringify([{ ...ec, crv: 'P-384' }]))).toBe(
      'key 1 (kid "k1"): ES256 needs the P-256 curve, got crv "P-384"'
    )
    expect(await failure(JSON.stringify([{ ...ec, x: 'AAAA' }]))).toMatch(
      /^key 1 \(kid "k1"\) is not a valid ES256 key \(/
    )
    expect(await failure(JSON.stringify([{ ...ec, key_ops: 'sign' }]))).toBe(
      'key 1 (kid "k1"): key_ops must be a list of strings such as ["sign", "verify"]'
    )
    expect(await failure(JSON.stringify([{ ...ec, d: undefined }]))).toBe(
      'key 1 (kid "k1") has "sign" in key_ops but no private part'
    )
    expect(await failure(JSON.stringify([ec, ec]))).toBe('key 2: two keys have kid "k1"')
    expect(await failure(JSON.stringify([{ ...ec, key_ops: ['verify'] }]))).toBe(
      'holds no key to sign with (a private key with "sign" in key_ops)'
    )
    expect(await failure(JSON.stringify([{ kty: 'oct', k: 'c2VjcmV0' }]))).toBe(
      'holds no RS256 or ES256 key'
    )
  })

  it('says when the file is missing', async () => {
    const missing = path.join(dir, 'missing.json')
    await expect(loadSigningKeys(missing)).rejects.toThrow(
      `signing keys file ${missing}: no such file; write one with \`supabase gen signing-key\``
    )
  })
})
