// My sections kept fresh while a workspace is open (slots/live.ts, once the first screen is
// shown): a change of mine on another device reaches my user topic (sidebar_sections,
// sidebar_placements) and the layout is read again; so on joining it (a change made before the
// join, after the layout was read, would be missed) and after a reconnect.
import { useEffect } from 'react'
import { liveTopic, subscribeLive } from '../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../lib/live-catch-up.ts'
import type { LivePart, LivePartProps } from '../../slots/live.ts'
import { sectionKeys } from './data/layout.ts'

function SectionsLive({ me, workspaceId }: LivePartProps) {
  const client = useCatchUpClient()
  useEffect(() => {
    if (!me) return
    const refresh = () => void client.invalidateQueries({ queryKey: sectionKeys.all })
    return subscribeLive(liveTopic.user(me), {
      onChange: (change) => {
        if (change.table === 'sidebar_sections' || change.table === 'sidebar_placements') refresh()
      },
      onJoined: (joined) =>
        joined && void catchUp(client, liveTopic.user(me), { queryKey: sectionKeys.all }),
    })
  }, [me, workspaceId, client])
  return null
}

const part: LivePart = { Live: SectionsLive }
export default part
