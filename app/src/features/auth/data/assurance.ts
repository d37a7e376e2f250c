// Whether a session still owes its second factor: the account has a verified factor and the
// access token says aal1 (what auth-js's getAuthenticatorAssuranceLevel reports as current aal1,
// next aal2). The database shows such a session no workspace data, so the app asks for the code.
import type { Session } from '@supabase/supabase-js'

export function needsCode(session: Session): boolean {
  const verified = (session.user.factors ?? []).some((f) => f.status === 'verified')
  return verified && tokenAal(session.access_token) !== 'aal2'
}

function tokenAal(token: string): string | null {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')
    return (JSON.parse(atob(payload)) as { aal?: unknown }).aal === 'aal2' ? 'aal2' : 'aal1'
  } catch {
    return null
  }
}
