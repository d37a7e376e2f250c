// The account's active sessions: my_sessions() lists them (Supabase Auth has no endpoint for
// that), sign_out_session() ends one of the others, and Auth's own signOut({ scope: 'others' })
// ends all of them. Either way the list is read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import { securityKeys } from './keys.ts'

export interface ActiveSession {
  id: string
  createdAt: string
  lastActiveAt: string
  userAgent: string | null
  ip: string | null
  /** The session this browser is signed in with. */
  current: boolean
}

/** This device first, then the others as my_sessions() orders them (latest activity first). */
export async function listSessions(): Promise<ActiveSession[]> {
  const rows = await rpcRows('my_sessions')
  return [...rows.filter((s) => s.current), ...rows.filter((s) => !s.current)].map((s) => ({
    id: s.id,
    createdAt: s.created_at,
    lastActiveAt: s.last_active_at,
    userAgent: s.user_agent || null,
    ip: s.ip || null,
    current: s.current,
  }))
}

export async function signOutSession(sessionId: string): Promise<void> {
  await rpcRows('sign_out_session', { p_session_id: sessionId })
}

export async function signOutOthers(): Promise<void> {
  const { error } = await supabase().auth.signOut({ scope: 'others' })
  if (error) throw error
}

export function useSessions() {
  return useQuery({ queryKey: securityKeys.sessions(), queryFn: listSessions })
}

function useSessionsMutation<T>(fn: (input: T) => Promise<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  })
}

export function useSignOutSession() {
  return useSessionsMutation(signOutSession)
}

export function useSignOutOthers() {
  return useSessionsMutation(signOutOthers)
}
