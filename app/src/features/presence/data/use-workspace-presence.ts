// The open workspace's presence, with my Do Not Disturb (a schedule or a snooze, the
// notifications' setting) beside my name for the others.
import { useDndActive } from '../../notifications/index.ts'
import { usePresence } from './use-presence.ts'
import type { Presence } from './use-presence.ts'

export function useWorkspacePresence(workspaceId: string, me: string, enabled: boolean): Presence {
  return usePresence(workspaceId, me, useDndActive(workspaceId), enabled)
}
