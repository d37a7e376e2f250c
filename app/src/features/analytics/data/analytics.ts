// A workspace's analytics over supabase-js (workspace_analytics(), owners and admins only): each
// channel the caller can read, with its messages and the people who wrote them over a period.
import { useQuery } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'

export interface ChannelActivity {
  channelId: string
  name: string
  kind: string
  messages: number
  people: number
  lastMessageAt: string | null
}

/** The periods offered, in days. */
export const PERIODS = [7, 30, 90] as const
export type Period = (typeof PERIODS)[number]

export async function fetchAnalytics(
  workspaceId: string,
  days: Period
): Promise<ChannelActivity[]> {
  const rows = await rpcRows('workspace_analytics', { p_workspace_id: workspaceId, p_days: days })
  return rows.map((r) => ({
    channelId: r.channel_id,
    name: r.name,
    kind: r.kind,
    messages: Number(r.messages),
    people: Number(r.people),
    lastMessageAt: r.last_message_at,
  }))
}

export function useAnalytics(workspaceId: string, days: Period) {
  return useQuery({
    queryKey: ['analytics', workspaceId, days] as const,
    queryFn: () => fetchAnalytics(workspaceId, days),
  })
}
