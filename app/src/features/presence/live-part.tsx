// The open workspace's presence channel joined while it is open (slots/live.ts): I track myself
// there with my activity and my Do Not Disturb (a schedule or a snooze, the notifications'
// setting), and what the channel says is published for the screens (data/presence-store.ts).
// A guest does not join: the workspace's presence is not theirs.
import { useEffect } from 'react'
import type { LivePart, LivePartProps } from '../../slots/live.ts'
import { useDndActive } from '../notifications/index.ts'
import { publishPresence } from './data/presence-store.ts'
import { usePresence } from './data/use-presence.ts'

function PresenceLive({ workspaceId, me, isGuest }: LivePartProps) {
  const presence = usePresence(workspaceId, me, useDndActive(workspaceId), !isGuest && me !== '')
  useEffect(() => publishPresence(workspaceId, presence), [workspaceId, presence])
  useEffect(() => () => publishPresence(workspaceId, null), [workspaceId])
  return null
}

const part: LivePart = { Live: PresenceLive }
export default part
