// A workspace's bots over supabase-js, for its owners and admins: the list (workspace_bots: name,
// who made it, last use, its channels; never the token's hash), create, regenerate and revoke
// through the RPCs, and adding or removing a bot from a channel as a person is added or removed
// (add_channel_members, remove_channel_member). A token comes back only from create and
// regenerate, and is shown once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import { runtimeConfig } from '../../../lib/supabase.ts'
import { botIdsKey } from './bot-ids.ts'

export interface Bot {
  id: string
  name: string
  createdBy: string | null
  createdByName: string | null
  createdAt: string
  regeneratedAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
  channels: { id: string; name: string }[]
}

export const botKeys = {
  list: (workspaceId: string) => ['bots', 'list', workspaceId] as const,
}

/** Where the bots' Web API answers: <this>/chat.postMessage and the other methods. */
export function slackApiUrl(): string {
  return `${runtimeConfig().supabaseUrl}/functions/v1/slack-api`
}

export function useBots(workspaceId: string) {
  return useQuery({
    queryKey: botKeys.list(workspaceId),
    // Opened again, the list is read again: "last used" moves with every call.
    refetchOnMount: 'always',
    queryFn: async (): Promise<Bot[]> => {
      const rows = await rpcRows('workspace_bots', { p_workspace_id: workspaceId })
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdBy: r.created_by,
        createdByName: r.created_by_name,
        createdAt: r.created_at,
        regeneratedAt: r.regenerated_at,
        lastUsedAt: r.last_used_at,
        revokedAt: r.revoked_at,
        channels: Array.isArray(r.channels) ? (r.channels as Bot['channels']) : [],
      }))
    },
  })
}

/** A token to show once, with the bot it belongs to. */
export interface ShownToken {
  id: string
  name: string
  token: string
}

/** Runs a call that makes a credential, asking for a recent proof when refused (features/reauth). */
export type ProofGate = <T>(act: () => Promise<T>) => Promise<T>

/**
 * Each change refreshes the list (and, for a new bot, who is a bot). Making or replacing a token
 * needs a recent sign-in (the database's check): `gate` asks for one and calls again.
 */
export function useBotChanges(workspaceId: string, gate: ProofGate = (act) => act()) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: botKeys.list(workspaceId) })
  const create = useMutation({
    mutationFn: async (name: string): Promise<ShownToken> => {
      const row = await gate(() =>
        rpcOne('create_bot', { p_workspace_id: workspaceId, p_name: name })
      )
      return { id: row.id, name, token: row.token }
    },
    onSettled: () => {
      void refresh()
      void queryClient.invalidateQueries({ queryKey: botIdsKey })
    },
  })
  const regenerate = useMutation({
    mutationFn: async (bot: Bot): Promise<ShownToken> => {
      const token = await gate(() => rpcOne('regenerate_bot_token', { p_id: bot.id }))
      return { id: bot.id, name: bot.name, token }
    },
    onSettled: refresh,
  })
  const revoke = useMutation({
    mutationFn: (id: string) => rpcOne('revoke_bot', { p_id: id }),
    onSettled: refresh,
  })
  const addTo = useMutation({
    mutationFn: ({ id, channelId }: { id: string; channelId: string }) =>
      rpcOne('add_channel_members', { p_channel_id: channelId, p_user_ids: [id] }),
    onSettled: refresh,
  })
  const removeFrom = useMutation({
    mutationFn: ({ id, channelId }: { id: string; channelId: string }) =>
      rpcOne('remove_channel_member', { p_channel_id: channelId, p_user_id: id }),
    onSettled: refresh,
  })
  return { create, regenerate, revoke, addTo, removeFrom }
}
