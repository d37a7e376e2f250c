// How GoTrue renders an error. A request whose X-Supabase-Api-Version is 2024-01-01 or later (auth-js
// always sends it) gets {code, message} and the version echoed; without it, the legacy body
// {code: <status>, error_code, msg}. Unknown failures are a generic 500 with details in the log.
import { randomUUID } from 'node:crypto'
import { AuthError, OAuthError } from '../errors.ts'

export const API_VERSION_HEADER = 'x-supabase-api-version'
export const API_VERSION_2024 = '2024-01-01'

export interface RenderedError {
  status: number
  headers: Record<string, string>
  body: Record<string, unknown>
}

/** GoTrue's DetermineClosestAPIVersion: null is the initial (legacy) version. */
export function closestApiVersion(header: string | undefined): string | null {
  if (header === undefined || header === '') return null
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(header.trim())
  if (!match) return null
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  const roundTrip = new Date(time).toISOString().slice(0, 10)
  if (Number.isNaN(time) || roundTrip !== header.trim()) return null
  return time >= Date.UTC(2024, 0, 1) ? API_VERSION_2024 : null
}

const UNEXPECTED = 'Unexpected failure, please check server logs for more information'

/** Renders an error (AuthError, OAuthError or anything unexpected) for a request's API version. */
export function renderError(error: unknown, apiVersionHeader: string | undefined): RenderedError {
  const version = closestApiVersion(apiVersionHeader)
  const headers: Record<string, string> = {}
  if (version !== null) headers[API_VERSION_HEADER] = version

  if (error instanceof OAuthError) {
    const body: Record<string, unknown> = { error: error.error }
    if (error.description !== '') body.error_description = error.description
    return { status: 400, headers, body }
  }

  if (error instanceof AuthError) {
    headers['x-sb-error-code'] = error.code
    let body: Record<string, unknown>
    if (version !== null) {
      body = { code: error.code, message: error.message }
    } else {
      body = { code: error.status, error_code: error.code, msg: error.message }
      if (error.status >= 500) body.error_id = randomUUID()
    }
    if (error.code === 'weak_password' && error.reasons && error.reasons.length > 0) {
      body.weak_password = { reasons: error.reasons }
    }
    return { status: error.status, headers, body }
  }

  headers['x-sb-error-code'] = 'unexpected_failure'
  const body =
    version !== null
      ? { code: 'unexpected_failure', message: UNEXPECTED }
      : { code: 500, error_code: 'unexpected_failure', msg: UNEXPECTED, error_id: randomUUID() }
  return { status: 500, headers, body }
}
