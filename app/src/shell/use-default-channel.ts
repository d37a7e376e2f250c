// No channel in the address (nor a view): open the workspace's default channel (#general), or
// its first one not archived, in place of the address.
import { useEffect } from 'react'
import { navigate } from '../lib/router.ts'
import type { Channel } from '../features/channels/index.ts'

export function useDefaultChannel(
  workspaceId: string,
  channelId: string | null,
  view: string | null,
  channels: Channel[] | undefined
) {
  useEffect(() => {
    if (channelId || view || !channels) return
    const first = channels.find((c) => c.isDefault) ?? channels.find((c) => !c.archivedAt)
    if (first) navigate(`/w/${workspaceId}/c/${first.id}`, { replace: true })
  }, [channelId, view, channels, workspaceId])
}
