// Signed URL tokens as Storage mints them: HS256 JWTs with the project's JWT secret.
//   download: {url: "<bucket>/<key>", transformations?, format?, iat, exp}
//   upload:   {owner, url: "<bucket>/<key>", upsert, iat, exp}
// Verification answers with the JWT library's message (InvalidJWT) and refuses a token minted for
// another object, or for the other kind of URL (InvalidSignature). A download URL lives at most
// `maxExpiry` seconds (config storage.signedUrlMaxExpiry: chorus.toml's [storage]
// signed_url_max_expiry, serve's CHORUS_SIGNED_URL_MAX_EXPIRY; 7 days by default): a longer
// expiresIn is cut to it, so that nobody holds a file's URL for years after losing access to it.
// Hosted Storage has no such cap (its expiresIn is any positive integer); cutting rather than
// refusing keeps every client that works there working here.
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { ERRORS } from './errors.ts'

/** How long a signed upload URL stays valid: two hours, as on hosted projects. */
export const UPLOAD_URL_EXPIRY_SECONDS = 2 * 60 * 60

export interface DownloadToken {
  url: string
  transformations?: string
  format?: string
  /** When the token expires, in seconds since the epoch. */
  exp: number
}

export interface UploadToken {
  url: string
  owner: string | null
  upsert: boolean
}

export class UrlSigner {
  private readonly key: Uint8Array

  constructor(
    secret: string,
    private readonly maxExpiry = Number.POSITIVE_INFINITY
  ) {
    this.key = new TextEncoder().encode(secret)
  }

  /** Empty options are left out of the token, as Storage leaves them. */
  async signDownload(
    url: string,
    expiresIn: number,
    options: { transformations?: string; format?: string } = {}
  ): Promise<string> {
    const payload: Record<string, unknown> = { url }
    if (options.transformations) payload.transformations = options.transformations
    if (options.format) payload.format = options.format
    return this.sign(payload, Math.min(expiresIn, this.maxExpiry))
  }

  async signUpload(url: string, owner: string | null, upsert: boolean): Promise<string> {
    return this.sign({ owner: owner ?? undefined, url, upsert }, UPLOAD_URL_EXPIRY_SECONDS)
  }

  async verifyDownload(token: string, expectedUrl: string): Promise<DownloadToken> {
    const payload = await this.verify(token)
    if (payload.url !== expectedUrl || 'upsert' in payload) throw ERRORS.invalidSignature()
    const transformations =
      typeof payload.transformations === 'string' ? payload.transformations : undefined
    const format = typeof payload.format === 'string' ? payload.format : undefined
    return { url: expectedUrl, transformations, format, exp: Number(payload.exp) }
  }

  async verifyUpload(token: string, expectedUrl: string): Promise<UploadToken> {
    const payload = await this.verify(token)
    if (payload.url !== expectedUrl || typeof payload.upsert !== 'boolean') {
      throw ERRORS.invalidSignature()
    }
    const owner = typeof payload.owner === 'string' ? payload.owner : null
    return { url: expectedUrl, owner, upsert: payload.upsert }
  }

  private async sign(payload: Record<string, unknown>, expiresIn: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + Math.floor(expiresIn))
      .sign(this.key)
  }

  private async verify(token: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] })
      return payload as Record<string, unknown>
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw ERRORS.invalidJwt(error.message)
      throw ERRORS.invalidJwt('Invalid JWT')
    }
  }
}
