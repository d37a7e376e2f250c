// TOTP factors as GoTrue makes them with pquerna/otp: a 20-byte random secret in unpadded base32,
// the otpauth:// key URI (issuer defaults to the site URL's host, account name the user's email),
// the URI as a QR code in SVG (error correction H), and codes checked with SHA-1, 6 digits, a
// 30-second period and one step of skew either side.
import { Secret, TOTP } from 'otpauth'
import { goQueryEscape } from '../runtime.ts'

const PERIOD = 30
const DIGITS = 6

export interface TotpKey {
  secret: string
  uri: string
  /** The key URI as an SVG document (auth-js turns it into a data: URI). */
  qrCode: string
}

/** Go's url.URL path escaping: only what would end the path is escaped. */
function escapePath(text: string): string {
  return encodeURI(text).replace(/\?/g, '%3F').replace(/#/g, '%23')
}

/** pquerna/otp's Key.URL(): sorted query, spaces as %20. */
export function totpUri(issuer: string, accountName: string, secret: string): string {
  const query = [
    ['algorithm', 'SHA1'],
    ['digits', String(DIGITS)],
    ['issuer', issuer],
    ['period', String(PERIOD)],
    ['secret', secret],
  ]
    .map(([key, value]) => `${key}=${goQueryEscape(value ?? '').replace(/\+/g, '%20')}`)
    .join('&')
  return `otpauth://totp/${escapePath(`/${issuer}:${accountName}`).slice(1)}?${query}`
}

export async function generateTotpKey(issuer: string, accountName: string): Promise<TotpKey> {
  const secret = new Secret({ size: 20 }).base32.replace(/=+$/, '')
  const uri = totpUri(issuer, accountName, secret)
  const { default: QRCode } = await import('qrcode')
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 0 })
  return { secret, uri, qrCode }
}

/** pquerna/otp's totp.ValidateCustom with GoTrue's options. */
export function validateTotp(code: string, secret: string, now = Date.now()): boolean {
  if (code.length !== DIGITS) return false
  const totp = new TOTP({ secret, algorithm: 'SHA1', digits: DIGITS, period: PERIOD })
  return totp.validate({ token: code, timestamp: now, window: 1 }) !== null
}
