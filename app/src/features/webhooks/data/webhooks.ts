// A workspace's incoming webhooks over supabase-js, for its owners and admins (row-level
// security lists only theirs): the list (incoming_webhooks, never the secret's hash), create,
// regenerate and revoke through the RPCs. A secret comes back only from create and regenerate;
// the URL made of it is shown once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { runtimeConfig, supabase } from '../../../lib/supabase.ts'

export interface Webhook {
  id: string
  name: string
  channelId: string
  iconEmoji: string | null
  createdBy: string | null
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

export const webhookKeys = {
  list: (workspaceId: string) => ['webhooks', 'list', workspaceId] as const,
}

/** The URL other tools post to: the project's Edge Function, the webhook's id and secret. */
export function webhookUrl(id: string, secret: string): string {
  return `${runtimeConfig().supabaseUrl}/functions/v1/webhooks/${id}/${secret}`
}

export function useWebhooks(workspaceId: string) {
  return useQuery({
    queryKey: webhookKeys.list(workspaceId),
    // Opened again, the list is read again: "last used" moves with every post.
    refetchOnMount: 'always',
    queryFn: async (): Promise<Webhook[]> => {
      const { data, error } = await supabase()
        .from('incoming_webhooks')
        .select(
          'id, name, channel_id, icon_emoji, created_by, created_at, last_used_at, revoked_at'
        )
        .eq('workspace_id', workspaceId)
        .order('created_at', { ascending: false })
      if (error) throw error
      return data.map((r) => ({
        id: r.id,
        name: r.name,
        channelId: r.channel_id,
        iconEmoji: r.icon_emoji,
        createdBy: r.created_by,
        createdAt: r.created_at,
        lastUsedAt: r.last_used_at,
        revokedAt: r.revoked_at,
      }))
    },
  })
}

export interface NewWebhook {
  channelId: string
  name: string
  iconEmoji: string
}

/** Each change refreshes the list; create and regenerate return the URL (shown once). */
/**
 * Making a webhook or replacing its secret needs a recent sign-in (the database's check): `gate`
 * (features/reauth's useProofGate) asks for one and calls again.
 */
export function useWebhookChanges(
  workspaceId: string,
  gate: <T>(act: () => Promise<T>) => Promise<T> = (act) => act()
) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(workspaceId) })
  const create = useMutation({
    mutationFn: async (input: NewWebhook) => {
      const row = await gate(() =>
        rpcOne('create_incoming_webhook', {
          p_channel_id: input.channelId,
          p_name: input.name,
          p_icon_emoji: input.iconEmoji.trim() || undefined,
        })
      )
      return { id: row.id, url: webhookUrl(row.id, row.secret) }
    },
    onSettled: refresh,
  })
  const regenerate = useMutation({
    mutationFn: async (id: string) => {
      const secret = await gate(() => rpcOne('regenerate_incoming_webhook', { p_id: id }))
      return { id, url: webhookUrl(id, secret) }
    },
    onSettled: refresh,
  })
  const revoke = useMutation({
    mutationFn: (id: string) => rpcOne('revoke_incoming_webhook', { p_id: id }),
    onSettled: refresh,
  })
  return { create, regenerate, revoke }
}
