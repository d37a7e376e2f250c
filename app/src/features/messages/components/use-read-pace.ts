// How a channel's read position is paced (use-read-while-visible.ts): my own newest message needs
// no mark (the server made it), a mention of me or anything in a direct message is marked
// without waiting, and what is seen shows as read on this device at once.
import { useMemo, useRef } from 'react'
import { useShowRead } from '../../channels/index.ts'
import { mentionedIds, mentionsMany } from '../../../lib/message-tokens.ts'
import type { ChatMessage } from '../conversation/types.ts'
import type { ReadPace } from './use-read-while-visible.ts'

/** Whether a message after `after` is for `me`: it mentions me, or everyone or a group. */
export function forMeAfter(messages: readonly ChatMessage[], me: string, after: number): boolean {
  return messages.some(
    (m) =>
      m.seq > after &&
      m.authorId !== me &&
      (mentionedIds(m.body).includes(me) || mentionsMany(m.body))
  )
}

export function useReadPace(
  workspaceId: string,
  channelId: string,
  direct: boolean,
  me: string,
  messages: readonly ChatMessage[],
  newest: ChatMessage | undefined
): ReadPace {
  const showRead = useShowRead(workspaceId)
  const held = useRef(messages)
  held.current = messages
  const mine = newest?.authorId === me
  return useMemo(
    () => ({
      mine,
      soon: (after: number) => direct || forMeAfter(held.current, me, after),
      seen: (seq: number) => showRead(channelId, seq),
    }),
    [mine, direct, me, showRead, channelId]
  )
}
