// `serve`'s own secrets, made on its first start and kept in the data folder (serve-secrets.json,
// mode 0600): an ES256 signing key as `supabase gen signing-key` writes it (the key that signs
// every token, as on Supabase's current projects), the legacy HS256 JWT secret (still verified,
// and what Storage signs its URLs with), and the publishable and secret API keys. Later starts
// reuse them. The Supabase CLI's public demo values are refused wherever they appear: anyone can
// sign an admin token with those. db_password is the database's: the cluster's superuser and the
// roles the services log in as (authenticator, supabase_auth_admin, supabase_storage_admin,
// postgres) take it instead of the CLI's well-known "postgres" (a file from before it existed
// gets one added, and the stack changes the roles' passwords on its next start). The VAPID key
// pair signs Web Push (functions/vapid.ts; a file from before it existed gets one added).
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import type { JsonWebKey } from 'node:crypto'
import { existsSync } from 'node:fs'
import { open, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { DEFAULT_JWT_SECRET } from '../config/project-config.ts'
import { DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY, JwtKeys } from '../jwt/jwt-keys.ts'
import { parseSigningKeys } from '../jwt/signing-keys.ts'
import { LOCAL_DB_PASSWORD } from '../stack/db-password.ts'
import { newVapidKeys, validVapidKeys } from '../functions/vapid.ts'
import type { VapidKeys } from '../functions/vapid.ts'

export const SECRETS_FILE = 'serve-secrets.json'

/** What the file holds (snake_case, as config.toml and the CLI name these). */
interface SecretsFile {
  created_at: string
  jwt_secret: string
  signing_keys: Record<string, unknown>[]
  publishable_key: string
  secret_key: string
  db_password?: string
  vapid_public_key?: string
  vapid_private_key?: string
}

/** A reason `serve` will not start, written for the person at the terminal (cli/errors.ts). */
export class ServeError extends Error {
  override name = 'ServeError'
}

export interface ServeSecrets {
  file: string
  /** This start made the file. */
  created: boolean
  keys: JwtKeys
  /** The database roles' password. */
  dbPassword: string
  /** Web Push's VAPID key pair. */
  vapid: VapidKeys
}

/** Reads the data folder's secrets, or makes them (mode 0600) when there are none yet. */
export async function loadServeSecrets(dataDir: string): Promise<ServeSecrets> {
  const file = path.join(dataDir, SECRETS_FILE)
  let created = false
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    text = await writeNew(file, generate())
    created = true
  }
  const mode = (await stat(file)).mode & 0o777
  if ((mode & 0o077) !== 0) {
    throw new ServeError(
      `${file} can be read by others (mode ${mode.toString(8).padStart(4, '0')}): it holds the ` +
        `keys that sign every session. chmod 600 it.`
    )
  }
  const secrets = parse(file, text)
  const keys = await keysOf(secrets, file)
  if (secrets.db_password === undefined) {
    secrets.db_password = newPassword()
    await replace(file, secrets)
  }
  if (secrets.vapid_public_key === undefined && secrets.vapid_private_key === undefined) {
    const pair = newVapidKeys()
    secrets.vapid_public_key = pair.publicKey
    secrets.vapid_private_key = pair.privateKey
    await replace(file, secrets)
  }
  const vapid = { publicKey: secrets.vapid_public_key, privateKey: secrets.vapid_private_key }
  if (!validVapidKeys(vapid)) {
    throw new ServeError(
      `${file}: vapid_public_key and vapid_private_key must be a P-256 key pair in base64url ` +
        `(65 and 32 bytes); remove both lines to have a new pair made (every device turns push on again)`
    )
  }
  if (typeof secrets.db_password !== 'string' || secrets.db_password.length < 16) {
    throw new ServeError(`${file}: db_password must be a string of at least 16 characters`)
  }
  if (secrets.db_password === LOCAL_DB_PASSWORD) {
    throw new ServeError(
      `${file}: db_password is the Supabase CLI's well-known database password; remove the ` +
        `line to have a new one made`
    )
  }
  return { file, created, keys, dbPassword: secrets.db_password, vapid }
}

/**
 * The password of the data folder's database: serve's generated one when the folder has
 * serve-secrets.json, else the CLI's local one (`start`).
 */
export async function databasePassword(dataDir: string): Promise<string> {
  const text = await readFile(path.join(dataDir, SECRETS_FILE), 'utf8').catch(() => null)
  if (text === null) return LOCAL_DB_PASSWORD
  const secrets = parse(path.join(dataDir, SECRETS_FILE), text)
  return typeof secrets.db_password === 'string' ? secrets.db_password : LOCAL_DB_PASSWORD
}

/** A data folder `serve` has run on (its secrets are there): production data. */
export function isServeDataFolder(dataDir: string): boolean {
  return existsSync(path.join(dataDir, SECRETS_FILE))
}

/** Base64url, so that it needs no quoting in a URL or in SQL. */
function newPassword(): string {
  return randomBytes(32).toString('base64url')
}

function generate(): SecretsFile {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
    format: 'jwk',
  }) as JsonWebKey
  // The members and their order as `supabase gen signing-key --algorithm ES256` writes them.
  const signingKey = {
    kty: 'EC',
    kid: randomUUID(),
    use: 'sig',
    key_ops: ['sign', 'verify'],
    alg: 'ES256',
    ext: true,
    d: jwk.d,
    crv: 'P-256',
    x: jwk.x,
    y: jwk.y,
  }
  return {
    created_at: new Date().toISOString(),
    jwt_secret: randomBytes(48).toString('base64url'),
    signing_keys: [signingKey],
    publishable_key: apiKey('sb_publishable_'),
    secret_key: apiKey('sb_secret_'),
    db_password: newPassword(),
    ...(({ publicKey, privateKey }) => ({
      vapid_public_key: publicKey,
      vapid_private_key: privateKey,
    }))(newVapidKeys()),
  }
}

/** serve's VAPID pair from its secrets file (null when the file has none yet). */
export async function serveVapidKeys(dataDir: string): Promise<VapidKeys | null> {
  const text = await readFile(path.join(dataDir, SECRETS_FILE), 'utf8').catch(() => null)
  if (text === null) return null
  const secrets = parse(path.join(dataDir, SECRETS_FILE), text)
  const vapid = { publicKey: secrets.vapid_public_key, privateKey: secrets.vapid_private_key }
  return validVapidKeys(vapid) ? vapid : null
}

/** sb_publishable_/sb_secret_ keys in the shape Supabase gives them: 22 random characters, a check. */
function apiKey(prefix: string): string {
  const random = randomBytes(16).toString('base64url')
  const check = createHash('sha256').update(`${prefix}${random}`).digest('base64url').slice(0, 8)
  return `${prefix}${random}_${check}`
}

/** Creates the file with mode 0600 (never over an existing one); returns its text. */
async function writeNew(file: string, secrets: SecretsFile): Promise<string> {
  const text = `${JSON.stringify(secrets, null, 2)}\n`
  const handle = await open(file, 'wx', 0o600)
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
  return text
}

/** Writes the file anew (mode 0600) in place of the old one. */
async function replace(file: string, secrets: SecretsFile): Promise<void> {
  const next = `${file}.new`
  await rm(next, { force: true })
  await writeNew(next, secrets)
  await rename(next, file)
}

function parse(file: string, text: string): SecretsFile {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ServeError(`${file} is not valid JSON (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ServeError(`${file} must hold a JSON object`)
  }
  const secrets = value as Record<string, unknown>
  for (const name of ['created_at', 'jwt_secret', 'publishable_key', 'secret_key']) {
    if (typeof secrets[name] !== 'string' || secrets[name] === '') {
      throw new ServeError(`${file}: ${name} must be a non-empty string`)
    }
  }
  if (!Array.isArray(secrets.signing_keys)) {
    throw new ServeError(`${file}: signing_keys must be a list of JWKs`)
  }
  return secrets as unknown as SecretsFile
}

async function keysOf(secrets: SecretsFile, file: string): Promise<JwtKeys> {
  const demo = (what: string) =>
    new ServeError(
      `${file}: ${what} is the Supabase CLI's public demo value, with which anyone can sign an ` +
        `admin token. Delete the file to have new secrets made (every session ends).`
    )
  if (secrets.jwt_secret === DEFAULT_JWT_SECRET) throw demo('jwt_secret')
  if (secrets.publishable_key === DEFAULT_PUBLISHABLE_KEY) throw demo('publishable_key')
  if (secrets.secret_key === DEFAULT_SECRET_KEY) throw demo('secret_key')
  if (secrets.jwt_secret.length < 32) {
    throw new ServeError(`${file}: jwt_secret must be at least 32 characters long`)
  }
  if (!secrets.publishable_key.startsWith('sb_publishable_')) {
    throw new ServeError(`${file}: publishable_key must start with sb_publishable_`)
  }
  if (!secrets.secret_key.startsWith('sb_secret_')) {
    throw new ServeError(`${file}: secret_key must start with sb_secret_`)
  }
  const issuedAt = Math.floor(Date.parse(secrets.created_at) / 1000)
  if (!Number.isFinite(issuedAt)) {
    throw new ServeError(`${file}: created_at must be a date such as 2026-01-01T00:00:00Z`)
  }
  let signing
  try {
    signing = parseSigningKeys(secrets.signing_keys, `${file} signing_keys`)
  } catch (error) {
    throw new ServeError((error as Error).message)
  }
  return JwtKeys.of({
    jwtSecret: secrets.jwt_secret,
    signing,
    publishableKey: secrets.publishable_key,
    secretKey: secrets.secret_key,
    issuer: 'supabase',
    issuedAt,
  })
}
