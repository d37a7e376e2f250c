// The VAPID key pair (RFC 8292) that signs every Web Push the push-notify function sends
// (supabase/functions/push-notify). `serve` keeps it with its other secrets (serve-secrets.json,
// serve/secrets.ts); `start` in its data folder (push-keys.json, mode 0600), made on the first
// start. Either is the functions' VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY unless config.toml's
// [edge_runtime.secrets] or supabase/functions/.env name others. Both keys are base64url, as
// `web-push generate-vapid-keys` prints them: the public key the uncompressed P-256 point (65
// bytes), the private key its scalar (32 bytes).
import { generateKeyPairSync } from 'node:crypto'
import type { JsonWebKey } from 'node:crypto'
import { open, readFile } from 'node:fs/promises'
import path from 'node:path'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export const PUSH_KEYS_FILE = 'push-keys.json'

export function newVapidKeys(): VapidKeys {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
    format: 'jwk',
  }) as JsonWebKey
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ])
  return { publicKey: point.toString('base64url'), privateKey: jwk.d ?? '' }
}

/** Whether the pair has the shapes VAPID needs (65-byte point starting 04, 32-byte scalar). */
export function validVapidKeys(keys: Partial<VapidKeys> | undefined): keys is VapidKeys {
  if (typeof keys?.publicKey !== 'string' || typeof keys.privateKey !== 'string') return false
  const point = Buffer.from(keys.publicKey, 'base64url')
  return (
    point.length === 65 && point[0] === 4 && Buffer.from(keys.privateKey, 'base64url').length === 32
  )
}

/** `start`'s pair: read from the data folder, or made there (mode 0600) on the first start. */
export async function localVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, PUSH_KEYS_FILE)
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  if (text !== null) {
    const stored = JSON.parse(text) as { vapid_public_key?: string; vapid_private_key?: string }
    const keys = { publicKey: stored.vapid_public_key, privateKey: stored.vapid_private_key }
    if (validVapidKeys(keys)) return keys
  }
  const keys = newVapidKeys()
  const handle = await open(file, 'w', 0o600)
  try {
    await handle.writeFile(
      `${JSON.stringify({ vapid_public_key: keys.publicKey, vapid_private_key: keys.privateKey }, null, 2)}\n`
    )
  } finally {
    await handle.close()
  }
  return keys
}

/** The functions' secrets for the pair. */
export function vapidSecrets(keys: VapidKeys): [string, string][] {
  return [
    ['VAPID_PUBLIC_KEY', keys.publicKey],
    ['VAPID_PRIVATE_KEY', keys.privateKey],
  ]
}
