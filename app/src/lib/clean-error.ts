// One place that turns whatever a call threw or returned as `error` into words for people, and
// tells network failures (worth retrying) from refusals (not worth it). A refusal with a Chorus
// code reads as the code's sentence, with the code for support (lib/error-codes.ts).
import { t } from '@lingui/core/macro'
import { codeSentence, errorCode } from './error-codes.ts'

interface ErrorLike {
  message?: unknown
  code?: unknown
  status?: unknown
  name?: unknown
}

export function isNetworkError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true
  const e = error as ErrorLike | null
  if (!e) return false
  const message = typeof e.message === 'string' ? e.message : ''
  if (e.name === 'AuthRetryableFetchError') return true
  if (e.name === 'StorageUnknownError' && /fetch/i.test(message)) return true
  if (typeof e.status === 'number' && (e.status === 0 || e.status >= 502)) return true
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed|ERR_INTERNET_DISCONNECTED|timed? ?out/i.test(
    message
  )
}

export function isAuthExpired(error: unknown): boolean {
  const e = error as ErrorLike | null
  if (!e) return false
  const message = typeof e.message === 'string' ? e.message : ''
  return e.code === 'PGRST301' || e.code === 'PGRST303' || /jwt expired/i.test(message)
}

export function cleanError(error: unknown): string {
  if (isNetworkError(error))
    return t`You seem to be offline. We will retry when the connection is back.`
  if (isAuthExpired(error))
    return t`Your session expired. Sign in again; nothing you typed is lost.`
  const e = error as ErrorLike | null
  const message = e && typeof e.message === 'string' ? e.message : ''
  const chorusCode = errorCode(error)
  if (chorusCode) {
    const sentence = codeSentence(chorusCode) ?? (message || chorusCode)
    // The code stays as it is, for support.
    return t`${sentence} (${chorusCode})`
  }
  const code = e && typeof e.code === 'string' ? e.code : ''
  if (code === '42501' || /row-level security/i.test(message)) {
    return t`You do not have permission to do that here.`
  }
  if (code === '23505') return t`That already exists.`
  if (code === '23514' || code === '22001') return message || t`That value is not allowed.`
  if (message) return message
  return t`Something went wrong. Please try again.`
}
