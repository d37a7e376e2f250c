// Chorus's error codes: the SQL raises each refusal with a code in DETAIL, listed in
// supabase/errors.json (tests/error-codes.test.ts checks that every code switched on here is).
// Functions switch on the code, never on the wording of the message.

interface Refusal {
  /** PostgREST's name for DETAIL, as supabase-js returns it. */
  details?: unknown
  /** postgres.js's name for it, for functions that speak SQL. */
  detail?: unknown
}

/** The Chorus code a refusal carries, if any. */
export function errorCode(error: Refusal | null | undefined): string | null {
  const detail = error?.details ?? error?.detail
  return typeof detail === 'string' && /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(detail)
    ? detail
    : null
}

/** Whether a refusal carries this Chorus code. */
export function hasCode(error: Refusal | null | undefined, code: string): boolean {
  return errorCode(error) === code
}
