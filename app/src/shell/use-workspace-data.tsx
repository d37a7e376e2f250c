// What the signed-in layout shows of one workspace: me, my workspaces, its members, my channels
// and who is online, kept current by the workspace's live topics (the channels feature patches
// its own list; see useWorkspaceLive; what features keep live besides is slots/live.ts's). Also
// the members as names, avatars and people to pick.
import { t } from '@lingui/core/macro'
import { useCallback, useMemo } from 'react'
import { useAuth } from '../features/auth/index.ts'
import {
  useMembersQuery,
  useWorkspaceLive,
  useWorkspacesQuery,
} from '../features/workspaces/index.ts'
import {
  channelKeys,
  useChannelRowPatch,
  useChannelsQuery,
  useMembershipPatch,
} from '../features/channels/index.ts'
import { useWorkspacePresence } from '../features/presence/index.ts'
import { Avatar } from '../features/profiles/index.ts'

export function useWorkspaceData(workspaceId: string, channelId: string | null) {
  const auth = useAuth()
  const me = auth.status === 'signed-in' ? auth.userId : ''
  const email = auth.status === 'signed-in' ? auth.email : ''
  const workspaces = useWorkspacesQuery()
  const members = useMembersQuery(workspaceId)
  const channels = useChannelsQuery(workspaceId)
  const workspace = workspaces.data?.find((w) => w.id === workspaceId)
  // A guest sees only their channels: no workspace topics (presence, live), no browsing.
  const isGuest = workspace?.role === 'guest'
  const online = useWorkspacePresence(workspaceId, me)

  const channelList = useMemo(() => channels.data ?? [], [channels.data])
  const channel = channelList.find((c) => c.id === channelId) ?? null
  const isAdmin = workspace?.role === 'owner' || workspace?.role === 'admin'
  const isOwner = workspace?.role === 'owner'

  const channelsKey = useMemo(() => channelKeys.list(workspaceId), [workspaceId])
  const browseKey = useMemo(() => channelKeys.browse(workspaceId), [workspaceId])
  const rostersKey = useMemo(() => channelKeys.rosters(), [])
  const onChannelRow = useChannelRowPatch(workspaceId, me, channelId)
  const onMembership = useMembershipPatch(workspaceId)
  useWorkspaceLive({
    workspaceId,
    userId: me,
    channelsKey,
    browseKey,
    rostersKey,
    onChannelRow,
    onMembership,
    guest: isGuest,
  })

  const memberMap = useMemo(
    () => new Map((members.data ?? []).map((m) => [m.userId, m])),
    [members.data]
  )
  const nameOf = useCallback(
    (id: string | null) => (id && memberMap.get(id)?.displayName) || t`Former member`,
    [memberMap]
  )
  const avatarOf = useCallback(
    (id: string | null, size: number) => {
      const m = id ? memberMap.get(id) : undefined
      return (
        <Avatar
          name={m?.displayName ?? '?'}
          userId={id ?? ''}
          path={m?.avatarPath ?? null}
          size={size}
        />
      )
    },
    [memberMap]
  )
  const people = useMemo(
    () => (members.data ?? []).map((m) => ({ id: m.userId, name: m.displayName })),
    [members.data]
  )

  return {
    me,
    email,
    workspaces,
    workspace,
    isAdmin,
    isOwner,
    isGuest,
    members,
    myProfile: memberMap.get(me),
    channels,
    channelList,
    channel,
    online,
    nameOf,
    avatarOf,
    people,
  }
}

export type WorkspaceData = ReturnType<typeof useWorkspaceData>
