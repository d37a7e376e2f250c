// The custom access token hook ([auth.hook.custom_access_token] with a pg-functions:// URI), as
// GoTrue runs it: the Postgres function is called as supabase_auth_admin with
// { user_id, claims, authentication_method } under a 2 s statement timeout; it answers
// { claims } (which become the token's claims) or { error: { http_code, message } }.
import { PG_FUNCTION_URI } from '../../config/project-config.ts'
import { quoteIdentifier } from '../../db/scope.ts'
import type { Tx } from '../db.ts'
import { ERRORS } from '../errors.ts'

export interface PgFunctionHook {
  uri: string
  schema: string
  name: string
}

export function pgFunctionHook(uri: string | null): PgFunctionHook | null {
  const match = uri === null ? null : PG_FUNCTION_URI.exec(uri)
  if (!uri || !match) return null
  return { uri, schema: match[1]!, name: match[2]! }
}

/** GoTrue's DefaultTimeout for Postgres hooks. */
const HOOK_TIMEOUT_MS = 2000

/** Claims GoTrue requires in the hook's output (its JSON schema for access tokens). */
const REQUIRED_CLAIMS = [
  'aud',
  'exp',
  'iat',
  'sub',
  'email',
  'phone',
  'role',
  'aal',
  'session_id',
  'is_anonymous',
]

export interface CustomAccessTokenInput {
  user_id: string
  claims: Record<string, unknown>
  authentication_method: string
}

export async function customAccessTokenClaims(
  tx: Tx,
  hook: PgFunctionHook,
  input: CustomAccessTokenInput
): Promise<Record<string, unknown>> {
  const fn = `${quoteIdentifier(hook.schema)}.${quoteIdentifier(hook.name)}`
  let output: unknown
  try {
    output = await tx.savepoint(async (sp) => {
      const [setting] = await sp<{ timeout: string }[]>`
        select current_setting('statement_timeout') as timeout,
               set_config('statement_timeout', ${String(HOOK_TIMEOUT_MS)}, true)`
      const [row] = await sp.unsafe<{ output: unknown }[]>(`select ${fn}($1::jsonb) as output`, [
        sp.json(input as never) as never,
      ])
      await sp`select set_config('statement_timeout', ${setting?.timeout ?? '0'}, true)`
      return row?.output
    })
  } catch (error) {
    // the cause is logged by the error handler
    throw ERRORS.unexpectedFailure(`Error running hook URI: ${hook.uri}`, error)
  }
  const result = (output ?? {}) as {
    claims?: unknown
    error?: { http_code?: number; message?: string }
  }
  if (result.error) {
    const status = result.error.http_code || 500
    throw ERRORS.hookError(status, result.error.message ?? '')
  }
  const claims = result.claims
  if (
    !claims ||
    typeof claims !== 'object' ||
    Array.isArray(claims) ||
    REQUIRED_CLAIMS.some((claim) => !(claim in claims))
  ) {
    throw ERRORS.unexpectedFailure('output claims do not conform to the expected schema')
  }
  return claims as Record<string, unknown>
}
