// A workspace's audit log over supabase-js (row-level security shows it to its owners only):
// pages of 50, newest first, filtered by group of actions, person and dates; the same filters
// exported as CSV by PostgREST (`.csv()`), so the file is what the database holds.
import { useInfiniteQuery } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { ACTION_GROUPS } from './describe.ts'
import type { ActionGroup } from './describe.ts'

export const PAGE_SIZE = 50

export interface AuditEntry {
  id: number
  occurredAt: string
  actorId: string | null
  actorName: string | null
  actorRole: string
  action: string
  targetType: string | null
  targetId: string | null
  targetLabel: string | null
  details: Record<string, unknown>
  ip: string | null
  userAgent: string | null
}

export interface AuditFilters {
  group: ActionGroup | null
  actorId: string | null
  /** yyyy-mm-dd, local days, both included. */
  from: string
  to: string
}

export const NO_FILTERS: AuditFilters = { group: null, actorId: null, from: '', to: '' }

/** A local day's start as an instant (the day after `to` ends the range). */
function dayStart(day: string, plusDays = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

function filtered(workspaceId: string, filters: AuditFilters, columns: string) {
  let query = supabase().from('audit_log').select(columns).eq('workspace_id', workspaceId)
  const group = ACTION_GROUPS.find((g) => g.id === filters.group)
  if (group) query = query.or(group.prefixes.map((p) => `action.like.${p}.*`).join(','))
  if (filters.actorId) query = query.eq('actor_id', filters.actorId)
  const from = dayStart(filters.from)
  const to = dayStart(filters.to, 1)
  if (from) query = query.gte('occurred_at', from)
  if (to) query = query.lt('occurred_at', to)
  return query
}

const COLUMNS =
  'id, occurred_at, actor_id, actor_name, actor_role, action, target_type, target_id, target_label, details, ip, user_agent'

interface Row {
  id: number
  occurred_at: string
  actor_id: string | null
  actor_name: string | null
  actor_role: string
  action: string
  target_type: string | null
  target_id: string | null
  target_label: string | null
  details: unknown
  ip: unknown
  user_agent: string | null
}

function entryOf(r: Row): AuditEntry {
  return {
    id: r.id,
    occurredAt: r.occurred_at,
    actorId: r.actor_id,
    actorName: r.actor_name,
    actorRole: r.actor_role,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetLabel: r.target_label,
    details:
      r.details && typeof r.details === 'object' ? (r.details as Record<string, unknown>) : {},
    ip: typeof r.ip === 'string' ? r.ip : null,
    userAgent: r.user_agent,
  }
}

export function useAuditLog(workspaceId: string, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', workspaceId, filters] as const,
    refetchOnMount: 'always',
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }): Promise<AuditEntry[]> => {
      let query = filtered(workspaceId, filters, COLUMNS)
      if (pageParam !== null) query = query.lt('id', pageParam)
      const { data, error } = await query.order('id', { ascending: false }).limit(PAGE_SIZE)
      if (error) throw error
      return (data as unknown as Row[]).map(entryOf)
    },
    getNextPageParam: (last) => (last.length < PAGE_SIZE ? undefined : last.at(-1)!.id),
  })
}

const CSV_COLUMNS =
  'occurred_at, actor_name, actor_id, actor_role, action, target_type, target_label, target_id, details, ip, user_agent'

/** The filtered log as CSV, oldest first, as PostgREST writes it. */
export async function exportCsv(workspaceId: string, filters: AuditFilters): Promise<string> {
  const { data, error } = await filtered(workspaceId, filters, CSV_COLUMNS)
    .order('id', { ascending: true })
    .csv()
  if (error) throw error
  return data as unknown as string
}
