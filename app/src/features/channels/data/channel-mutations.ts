// Creating and changing channels, joining, leaving, adding people, opening DMs, through the RPCs
// (which decide who may) and then refreshing the lists. Used by dialogs (lazy chunks); moving
// the read marker is read-mutations.ts's, on the first screen.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { channelKeys } from './keys.ts'
import { normaliseChannelName } from './types.ts'
import type { ChannelKind } from './types.ts'

export interface NewChannel {
  workspaceId: string
  name: string
  kind: Exclude<ChannelKind, 'dm'>
  topic: string
  memberIds: string[]
}

export async function createChannel(input: NewChannel): Promise<string> {
  const row = await rpcOne('create_channel', {
    p_workspace_id: input.workspaceId,
    p_name: normaliseChannelName(input.name),
    p_kind: input.kind,
    p_topic: input.topic.trim(),
    p_member_ids: input.memberIds,
  })
  return row.id
}

export async function updateChannel(
  channelId: string,
  change: { name?: string; topic?: string }
): Promise<void> {
  await rpcOne('update_channel', {
    p_channel_id: channelId,
    p_name: change.name === undefined ? undefined : normaliseChannelName(change.name),
    p_topic: change.topic === undefined ? undefined : change.topic.trim(),
  })
}

export async function archiveChannel(channelId: string, archived: boolean): Promise<void> {
  await rpcOne('archive_channel', { p_channel_id: channelId, p_archived: archived })
}

export async function joinChannel(channelId: string): Promise<void> {
  await rpcOne('join_channel', { p_channel_id: channelId })
}

export async function leaveChannel(channelId: string): Promise<void> {
  await rpcOne('leave_channel', { p_channel_id: channelId })
}

export async function addToChannel(channelId: string, userIds: string[]): Promise<void> {
  await rpcOne('add_channel_members', { p_channel_id: channelId, p_user_ids: userIds })
}

export async function openDm(workspaceId: string, userIds: string[]): Promise<string> {
  const row = await rpcOne('open_dm', {
    p_workspace_id: workspaceId,
    p_user_ids: userIds,
  })
  return row.id
}

export function useChannelMutations(workspaceId: string) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelKeys.all })
  return {
    create: useMutation({ mutationFn: createChannel, onSuccess: refresh }),
    update: useMutation({
      mutationFn: (v: { channelId: string; name?: string; topic?: string }) =>
        updateChannel(v.channelId, v),
      onSettled: refresh,
    }),
    archive: useMutation({
      mutationFn: (v: { channelId: string; archived: boolean }) =>
        archiveChannel(v.channelId, v.archived),
      onSettled: refresh,
    }),
    join: useMutation({ mutationFn: joinChannel, onSettled: refresh }),
    add: useMutation({
      mutationFn: (v: { channelId: string; userIds: string[] }) =>
        addToChannel(v.channelId, v.userIds),
      onSettled: refresh,
    }),
    leave: useMutation({ mutationFn: leaveChannel, onSettled: refresh }),
    openDm: useMutation({
      mutationFn: (userIds: string[]) => openDm(workspaceId, userIds),
      onSuccess: refresh,
    }),
  }
}
