// Alt+Up / Alt+Down: the previous / next channel in the sidebar's order (the channels feature's
// channelAfter, the same order the Sidebar draws, across my sections), then the message box has
// the focus. Wherever the focus is: the message box, the list and the mention list leave Alt+arrows to this. The
// channel moved from is the one in the address bar at the key's moment (a second key pressed
// before the shell has rendered the first one's channel starts from where the first one went).
import { useEffect } from 'react'
import type { RefObject } from 'react'
import { navigate } from '../lib/router.ts'
import { parseRoute } from '../lib/routes.ts'
import { channelAfter, useSectionRows } from '../features/channels/index.ts'
import type { Channel } from '../features/channels/index.ts'

export interface ChannelKeysOptions {
  workspaceId: string
  channels: Channel[]
  me: string
  channelId: string | null
  composerRef: RefObject<HTMLTextAreaElement | null>
}

export function useChannelKeys({
  workspaceId,
  channels,
  me,
  channelId,
  composerRef,
}: ChannelKeysOptions) {
  const rows = useSectionRows(workspaceId).data
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
      const route = parseRoute(window.location.pathname)
      const from =
        route.name === 'workspace' && route.workspaceId === workspaceId
          ? route.channelId
          : channelId
      const next = channelAfter(channels, me, from, event.key === 'ArrowUp' ? -1 : 1, rows)
      if (!next) return
      event.preventDefault()
      navigate(`/w/${workspaceId}/c/${next.id}`)
      requestAnimationFrame(() => composerRef.current?.focus())
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [workspaceId, channels, me, channelId, composerRef, rows])
}
