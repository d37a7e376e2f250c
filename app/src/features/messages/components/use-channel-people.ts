// A channel's people as its rows and composer need them: its members (mentionable), and me,
// names, avatars and mentions (slots/message.ts) over the workspace's.
import { useCallback, useMemo } from 'react'
import type { ReactNode } from 'react'
import { useChannelMembersQuery } from '../../channels/index.ts'
import type { Mentionable } from '../mentions.ts'
import type { People } from '../../../slots/message.ts'

export function useChannelPeople(
  channelId: string,
  me: string,
  nameOf: (userId: string | null) => string,
  avatarOf: (userId: string | null, size: number) => ReactNode
) {
  const roster = useChannelMembersQuery(channelId)
  const members: Mentionable[] = useMemo(
    () => (roster.data ?? []).map((m) => ({ id: m.userId, name: m.displayName })),
    [roster.data]
  )
  const resolveMention = useCallback(
    (userId: string) => ({ name: nameOf(userId), isMe: userId === me }),
    [nameOf, me]
  )
  const people: People & { mentionable: Mentionable[] } = useMemo(
    () => ({ me, nameOf, avatarOf, resolveMention, mentionable: members }),
    [me, nameOf, avatarOf, resolveMention, members]
  )
  return { roster: roster.data, members, people }
}
