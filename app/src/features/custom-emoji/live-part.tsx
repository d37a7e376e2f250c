// The open workspace's custom emoji kept current (slots/live.ts): read once the first screen is
// shown, again when the workspace's live topic says one was added or removed, and handed to the
// screen's emoji (data/store.ts) with the workspace's name (the picker's section is named so).
import { useEffect } from 'react'
import type { LivePart, LivePartProps } from '../../slots/live.ts'
import { useWorkspacesQuery } from '../workspaces/index.ts'
import { useCustomEmojiList, useCustomEmojiLive } from './data/custom-emoji.ts'
// through the emoji part, so that its chunk holds the store (one file for a `:name:` to load)
import { publishCustomEmoji } from './emoji-part.tsx'

function CustomEmojiLive({ workspaceId, isGuest }: LivePartProps) {
  const list = useCustomEmojiList(workspaceId)
  useCustomEmojiLive(workspaceId, !isGuest)
  const name = useWorkspacesQuery().data?.find((w) => w.id === workspaceId)?.name ?? ''
  const data = list.data
  useEffect(() => {
    if (data) publishCustomEmoji(workspaceId, name, data)
  }, [workspaceId, name, data])
  return null
}

const part: LivePart = { Live: CustomEmojiLive }
export default part
