// A workspace's outgoing event subscriptions over supabase-js, for its owners and admins
// (row-level security lists only theirs; the signing secret is in no table the API reads): the
// list, each one's recent deliveries (read again every few seconds while shown), and the changes
// through the RPCs. A secret comes back only from create and rotate and is shown once. After
// create, and on "Verify again", the `events-deliver` function sends Slack's url_verification
// challenge with the admin's session.
import { msg, t } from '@lingui/core/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { functions, supabase } from '../../../lib/supabase.ts'

export const EVENT_TYPES = [
  { id: 'message', label: msg`Message posted` },
  { id: 'reaction_added', label: msg`Reaction added` },
  { id: 'member_joined_channel', label: msg`Member joined a channel` },
  { id: 'team_join', label: msg`Member joined the workspace` },
] as const

export interface EventSubscription {
  id: string
  url: string
  eventTypes: string[]
  privateChannelIds: string[]
  createdBy: string | null
  createdAt: string
  active: boolean
  pausedReason: string | null
  urlVerified: boolean
  verificationError: string | null
  lastDeliveredAt: string | null
}

export interface EventDelivery {
  id: number
  eventId: string
  eventType: string
  status: 'pending' | 'delivered' | 'failed' | 'retrying'
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  createdAt: string
  nextAttemptAt: string
  deliveredAt: string | null
}

export const eventKeys = {
  list: (workspaceId: string) => ['events', 'list', workspaceId] as const,
  deliveries: (subscriptionId: string) => ['events', 'deliveries', subscriptionId] as const,
}

export function useEventSubscriptions(workspaceId: string) {
  return useQuery({
    queryKey: eventKeys.list(workspaceId),
    refetchOnMount: 'always',
    queryFn: async (): Promise<EventSubscription[]> => {
      const { data, error } = await supabase()
        .from('event_subscriptions')
        .select(
          'id, url, event_types, private_channel_ids, created_by, created_at, active, paused_reason, url_verified, verification_error, last_delivered_at'
        )
        .eq('workspace_id', workspaceId)
        .order('created_at', { ascending: false })
      if (error) throw error
      return data.map((r) => ({
        id: r.id,
        url: r.url,
        eventTypes: r.event_types,
        privateChannelIds: r.private_channel_ids,
        createdBy: r.created_by,
        createdAt: r.created_at,
        active: r.active,
        pausedReason: r.paused_reason,
        urlVerified: r.url_verified,
        verificationError: r.verification_error,
        lastDeliveredAt: r.last_delivered_at,
      }))
    },
  })
}

/** The subscription's 20 latest deliveries, read again every 2 s while shown. */
export function useEventDeliveries(subscriptionId: string) {
  return useQuery({
    queryKey: eventKeys.deliveries(subscriptionId),
    refetchInterval: 2000,
    queryFn: async (): Promise<EventDelivery[]> => {
      const { data, error } = await supabase()
        .from('event_deliveries')
        .select(
          'id, event_id, event_type, status, attempts, last_status_code, last_error, created_at, next_attempt_at, delivered_at'
        )
        .eq('subscription_id', subscriptionId)
        .order('id', { ascending: false })
        .limit(20)
      if (error) throw error
      return data.map((r) => ({
        id: r.id,
        eventId: r.event_id,
        eventType: r.event_type,
        status: r.status as EventDelivery['status'],
        attempts: r.attempts,
        lastStatusCode: r.last_status_code,
        lastError: r.last_error,
        createdAt: r.created_at,
        nextAttemptAt: r.next_attempt_at,
        deliveredAt: r.delivered_at,
      }))
    },
  })
}

/** Asks events-deliver to send the challenge; the answer says whether the URL echoed it. */
async function verifyUrl(id: string): Promise<{ verified: boolean; error?: string }> {
  const { data, error } = await (
    await functions()
  ).invoke('events-deliver', {
    body: { verify: id },
  })
  if (error) {
    const context = (error as { context?: Response }).context
    const body = (await context?.json().catch(() => null)) as { error?: string } | null
    throw new Error(body?.error === 'not_found' ? t`Subscription not found.` : error.message)
  }
  return data as { verified: boolean; error?: string }
}

export interface NewSubscription {
  url: string
  eventTypes: string[]
  privateChannelIds: string[]
}

export function useEventChanges(workspaceId: string) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventKeys.list(workspaceId) })
  const create = useMutation({
    mutationFn: async (input: NewSubscription) => {
      const row = await rpcOne('create_event_subscription', {
        p_workspace_id: workspaceId,
        p_url: input.url.trim(),
        p_event_types: input.eventTypes,
        p_private_channel_ids: input.privateChannelIds,
      })
      const check = await verifyUrl(row.id).catch((e: Error) => ({
        verified: false,
        error: e.message,
      }))
      return { id: row.id, secret: row.secret, ...check }
    },
    onSettled: refresh,
  })
  const verify = useMutation({ mutationFn: verifyUrl, onSettled: refresh })
  const setActive = useMutation({
    mutationFn: (input: { id: string; active: boolean }) =>
      rpcOne('set_event_subscription_active', { p_id: input.id, p_active: input.active }),
    onSettled: refresh,
  })
  const rotate = useMutation({
    mutationFn: async (id: string) => ({
      id,
      secret: await rpcOne('rotate_event_subscription_secret', { p_id: id }),
    }),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: string) => rpcOne('delete_event_subscription', { p_id: id }),
    onSettled: refresh,
  })
  const update = useMutation({
    mutationFn: (input: { id: string; eventTypes: string[]; privateChannelIds: string[] }) =>
      rpcOne('update_event_subscription', {
        p_id: input.id,
        p_event_types: input.eventTypes,
        p_private_channel_ids: input.privateChannelIds,
      }),
    onSettled: refresh,
  })
  const retry = useMutation({
    mutationFn: (input: { id: number; subscriptionId: string }) =>
      rpcOne('retry_event_delivery', { p_id: input.id }),
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: eventKeys.deliveries(input.subscriptionId) }),
  })
  return { create, verify, setActive, rotate, remove, update, retry }
}
