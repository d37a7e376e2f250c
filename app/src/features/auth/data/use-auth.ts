import { useSyncExternalStore } from 'react'
import { authState, subscribeAuth } from './session-store.ts'
import type { AuthState } from './session-store.ts'

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, authState, authState)
}

/** The signed-in person's id; only for components rendered behind the sign-in gate. */
export function useUserId(): string {
  const auth = useAuth()
  if (auth.status !== 'signed-in') throw new Error('useUserId() outside the signed-in app')
  return auth.userId
}
