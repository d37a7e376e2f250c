// The first steps of a workspace (issue 68): what of them is done, from the database's facts
// (first_steps(): an invitation made or someone else here, a channel made, a notification choice,
// a device with push on) and this device's own facts (notifications allowed in this browser;
// Chorus running as an installed app); and their dismissal, kept on the person's account per workspace
// (first_steps_dismissals). Nothing is stored as ticked: doing a step ticks it.
import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Query, QueryClient } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
import { showWrite } from '../../../lib/show-write.ts'
import { supabase } from '../../../lib/supabase.ts'

export type StepId = 'invite' | 'channel' | 'notifications' | 'install'

export interface FirstSteps {
  done: Record<StepId, boolean>
  dismissed: boolean
  /** I may invite people (owners and admins). */
  mayInvite: boolean
  /** A guest: the list is not for them (they neither invite nor make channels). */
  guest: boolean
}

export const firstStepsKeys = {
  of: (workspaceId: string) => ['first-steps', workspaceId] as const,
}

export async function fetchFirstSteps(workspaceId: string): Promise<FirstSteps> {
  const [row] = await rpcRows('first_steps', { p_workspace_id: workspaceId })
  return {
    done: {
      invite: !!row?.invited,
      channel: !!row?.channel,
      notifications: !!row?.notifications || notificationsAllowed(),
      install: !!row?.installed || runsInstalled(),
    },
    dismissed: !!row?.dismissed,
    mayInvite: !!row?.may_invite,
    guest: !!row?.guest,
  }
}

/** This browser shows Chorus's notifications (the person allowed them). */
function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted'
}

/** Chorus runs as an installed app on this device (a window of its own, or iOS's home screen). */
export function runsInstalled(): boolean {
  return (
    ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay'].some(
      (mode) => window.matchMedia?.(`(display-mode: ${mode})`).matches
    ) || (navigator as { standalone?: boolean }).standalone === true
  )
}

/**
 * What, when it changes in the cache, may have ticked a step: my channels (one made), the
 * workspace's members and invitations (someone invited, or joined), my notification settings,
 * my push devices. Each is compared by a summary (a list's length), so that new messages moving
 * the channel list's counts do not ask the server again.
 */
export function watchedSummary(workspaceId: string, key: readonly unknown[], data: unknown) {
  const [root, second, third] = key
  const watched =
    (root === 'channels' && second === workspaceId && third === 'list') ||
    (root === 'workspaces' &&
      second === workspaceId &&
      (third === 'members' || third === 'invites')) ||
    (root === 'notifications' && (second === workspaceId || second === 'memberships')) ||
    (root === 'push' && second === 'devices')
  if (!watched) return undefined
  return Array.isArray(data) ? `${data.length}` : JSON.stringify(data ?? null)
}

/** Asks the server again when something it watches (watchedSummary) changes in the cache. */
function useLiveTicks(queryClient: QueryClient, workspaceId: string, active: boolean) {
  useEffect(() => {
    if (!active) return
    const seen = new Map<string, string>()
    const summarize = (query: Query) => {
      const summary = watchedSummary(workspaceId, query.queryKey, query.state.data)
      if (summary === undefined) return false
      const before = seen.get(query.queryHash)
      seen.set(query.queryHash, summary)
      return before !== undefined && before !== summary
    }
    for (const query of queryClient.getQueryCache().getAll()) summarize(query)
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' && event.type !== 'added') return
      if (summarize(event.query)) {
        void queryClient.invalidateQueries({ queryKey: firstStepsKeys.of(workspaceId) })
      }
    })
  }, [queryClient, workspaceId, active])
}

/** Asks again when this browser's permission for notifications changes (allowed from the
 * sidebar's prompt or the browser's own settings). */
function usePermissionTicks(queryClient: QueryClient, workspaceId: string, active: boolean) {
  useEffect(() => {
    if (!active || !navigator.permissions) return
    let status: PermissionStatus | null = null
    let gone = false
    const changed = () =>
      void queryClient.invalidateQueries({ queryKey: firstStepsKeys.of(workspaceId) })
    navigator.permissions.query({ name: 'notifications' }).then(
      (found) => {
        if (gone) return
        status = found
        found.addEventListener('change', changed)
      },
      () => undefined
    )
    return () => {
      gone = true
      status?.removeEventListener('change', changed)
    }
  }, [queryClient, workspaceId, active])
}

/** The app installed on this device while the list is shown ("appinstalled"). */
function useInstalledHere(): boolean {
  const [installed, setInstalled] = useState(false)
  useEffect(() => {
    const onInstalled = () => setInstalled(true)
    window.addEventListener('appinstalled', onInstalled)
    return () => window.removeEventListener('appinstalled', onInstalled)
  }, [])
  return installed
}

export function useFirstSteps(workspaceId: string) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: firstStepsKeys.of(workspaceId),
    queryFn: () => fetchFirstSteps(workspaceId),
  })
  const installedHere = useInstalledHere()
  const active = !!query.data && !query.data.dismissed
  useLiveTicks(queryClient, workspaceId, active)
  usePermissionTicks(queryClient, workspaceId, active)
  if (!query.data || !installedHere) return query.data
  return { ...query.data, done: { ...query.data.done, install: true } }
}

export function useDismissFirstSteps(workspaceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase()
        .from('first_steps_dismissals')
        .insert({ workspace_id: workspaceId })
      // Hidden already (on another device): as wanted.
      if (error && error.code !== '23505') throw error
    },
    onMutate: () =>
      showWrite<FirstSteps>(queryClient, { queryKey: firstStepsKeys.of(workspaceId) }, (steps) =>
        steps ? { ...steps, dismissed: true } : steps
      ),
    onSettled: (_, error, __, shown) =>
      (error || shown?.dropped) &&
      queryClient.invalidateQueries({ queryKey: firstStepsKeys.of(workspaceId) }),
  })
}
