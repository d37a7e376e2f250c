import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import webpush from 'web-push'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadServeSecrets, serveVapidKeys, SECRETS_FILE } from '../serve/secrets.ts'
import { localVapidKeys, newVapidKeys, PUSH_KEYS_FILE, validVapidKeys } from './vapid.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vapid-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('VAPID keys', () => {
  it('makes a P-256 pair that web-push signs with', () => {
    const keys = newVapidKeys()
    expect(validVapidKeys(keys)).toBe(true)
    const client = newVapidKeys()
    const details = webpush.generateRequestDetails(
      {
        endpoint: 'https://push.example/abc',
        keys: { p256dh: client.publicKey, auth: Buffer.alloc(16, 1).toString('base64url') },
      },
      'hello',
      { vapidDetails: { subject: 'mailto:ops@example.com', ...keys } }
    )
    expect(details.headers.Authorization).toMatch(new RegExp(`^vapid t=.+, k=${keys.publicKey}$`))
    expect(validVapidKeys({ publicKey: keys.publicKey, privateKey: 'short' })).toBe(false)
  })

  it('serve keeps the pair in its secrets file, adds one to an older file, and refuses a broken one', async () => {
    const first = await loadServeSecrets(dir)
    expect(validVapidKeys(first.vapid)).toBe(true)
    expect(await serveVapidKeys(dir)).toEqual(first.vapid)
    expect((await loadServeSecrets(dir)).vapid).toEqual(first.vapid)
    const file = path.join(dir, SECRETS_FILE)
    const stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
    expect(stored.vapid_public_key).toBe(first.vapid.publicKey)
    delete stored.vapid_public_key
    delete stored.vapid_private_key
    await writeFile(file, JSON.stringify(stored), { mode: 0o600 })
    const upgraded = await loadServeSecrets(dir)
    expect(validVapidKeys(upgraded.vapid)).toBe(true)
    expect(upgraded.vapid).not.toEqual(first.vapid)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    await writeFile(
      file,
      JSON.stringify({ ...stored, vapid_public_key: 'x', vapid_private_key: 'y' }),
      {
        mode: 0o600,
      }
    )
    await expect(loadServeSecrets(dir)).rejects.toThrow(/vapid_public_key and vapid_private_key/)
  })

  it('start keeps its pair in the data folder (mode 0600) and reuses it', async () => {
    const keys = await localVapidKeys(dir)
    expect(validVapidKeys(keys)).toBe(true)
    expect((await stat(path.join(dir, PUSH_KEYS_FILE))).mode & 0o777).toBe(0o600)
    expect(await localVapidKeys(dir)).toEqual(keys)
  })
})
