// A push service for tests (e2e/push.spec.ts, supabase/tests/push-notify.test.ts): what a
// browser and its push service would do, in this process. It makes a device's keys as a browser
// does (an ECDH P-256 pair and a 16-byte auth secret), takes the server's POSTs at local
// endpoints (answering the status a test asks for), decrypts each body as the browser would (RFC
// 8291, aes128gcm: written here from the RFC, with node:crypto, not with the library the server
// uses) and checks its VAPID JWT (RFC 8292: ES256 over the endpoint's origin, signed with the key
// named in the header).
import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto'
import type { ECDH } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface DeviceKeys {
  ecdh: ECDH
  /** base64url, as PushSubscription.toJSON() gives them. */
  p256dh: string
  auth: string
}

export function makeDeviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  }
}

export interface Received {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  status: number
}

export interface PushService {
  url: string
  received: Received[]
  /** The statuses the next requests to a path are answered with (then 201). */
  answer(path: string, ...statuses: (number | { status: number; retryAfter: string })[]): void
  close(): Promise<void>
}

export async function startPushService(): Promise<PushService> {
  const received: Received[] = []
  const planned = new Map<string, (number | { status: number; retryAfter: string })[]>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!
      const next = planned.get(path)?.shift() ?? 201
      const status = typeof next === 'number' ? next : next.status
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), status })
      if (typeof next !== 'number') res.setHeader('Retry-After', next.retryAfter)
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(path, ...statuses) {
      planned.set(path, statuses)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** RFC 8291's decryption of one aes128gcm record, as the browser does it. */
export function decryptPush(body: Buffer, keys: DeviceKeys): string {
  const salt = body.subarray(0, 16)
  const idLength = body[20]!
  const serverKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const secret = keys.ecdh.computeSecret(serverKey)
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey])
  const ikm = Buffer.from(hkdfSync('sha256', secret, Buffer.from(keys.auth, 'base64url'), info, 32))
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  )
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12)
  )
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ])
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('not the last record (no 0x02 delimiter)')
  return padded.subarray(0, end).toString('utf8')
}

/**
 * Checks the request's VAPID Authorization (`vapid t=<JWT>, k=<public key>`): an ES256 JWT whose
 * audience is the endpoint's origin, unexpired, with a subject, signed by k. Returns k.
 */
export function checkVapid(authorization: string | undefined, endpointOrigin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!match) throw new Error(`not a VAPID Authorization: ${authorization}`)
  const [, jwt, k] = match
  const [header, payload, signature] = jwt!.split('.')
  const point = Buffer.from(k!, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url')
  )
  if (!ok) throw new Error('the VAPID signature does not verify')
  const head = JSON.parse(Buffer.from(header!, 'base64url').toString()) as { alg: string }
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
    aud: string
    exp: number
    sub: string
  }
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`)
  if (claims.aud !== endpointOrigin) throw new Error(`aud ${claims.aud}, not ${endpointOrigin}`)
  const now = Date.now() / 1000
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`)
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`)
  return k!
}
