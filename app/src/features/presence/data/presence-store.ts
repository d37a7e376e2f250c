// The open workspace's presence as the screens read it. The presence channel is joined by this
// feature's live part (live-part.tsx, loaded once the first screen is shown, as Realtime is), which
// publishes here; until then, and for a guest, only I am online.
import { useMemo, useSyncExternalStore } from 'react'
import { presenceOf } from './presence-of.ts'
import type { Presence } from './presence-of.ts'

let published: { workspaceId: string; presence: Presence } | null = null
const listeners = new Set<() => void>()

/** The live part's presence for this workspace (null: it left). */
export function publishPresence(workspaceId: string, presence: Presence | null): void {
  if (presence === null && published?.workspaceId !== workspaceId) return
  published = presence && { workspaceId, presence }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useWorkspacePresence(workspaceId: string, me: string): Presence {
  const current = useSyncExternalStore(subscribe, () => published)
  const alone = useMemo(() => presenceOf({}, me, 'active'), [me])
  return current?.workspaceId === workspaceId ? current.presence : alone
}
