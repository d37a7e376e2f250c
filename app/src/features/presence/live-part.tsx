// The open workspace's presence channel joined while it is open (slots/live.ts): I track myself
// there with my activity and my Do Not Disturb (a schedule or a snooze, the notifications'
// setting), and what the channel says is published for the screens (data/presence-store.ts).
// A guest does not join: the workspace's presence is not theirs.
import { Suspense, useEffect, useState } from 'react'
import type { LivePart, LivePartProps } from '../../slots/live.ts'
import { DndReport } from '../notifications/index.ts'
import { publishPresence } from './data/presence-store.ts'
import { usePresence } from './data/use-presence.ts'

function PresenceLive({ workspaceId, me, isGuest }: LivePartProps) {
  const [dnd, setDnd] = useState(false)
  const presence = usePresence(workspaceId, me, dnd, !isGuest && me !== '')
  useEffect(() => publishPresence(workspaceId, presence), [workspaceId, presence])
  useEffect(() => () => publishPresence(workspaceId, null), [workspaceId])
  return (
    <Suspense fallback={null}>
      <DndReport key={workspaceId} workspaceId={workspaceId} onChange={setDnd} />
    </Suspense>
  )
}

const part: LivePart = { Live: PresenceLive }
export default part
