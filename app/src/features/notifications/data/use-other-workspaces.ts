// New messages in my channels of the workspaces that are not open, from the same private live
// topics the open workspace uses (lib/live.ts): each other workspace's topic (its public
// channels' last_seq) and my own (my private channels and DMs, my memberships and reads). One
// join per workspace, none per channel; RLS decides who may join. What it hears and loads goes to
// the notifier's machine (components/notifier-machine.ts: the memberships loaded, a channel's
// last_seq moved), which decides what alerts and asks for what this hook does: load the
// memberships again, refetch the rail's badges of those workspaces, or move a badge by a known
// channel's move. A move whose event says who wrote its messages and whom they mention
// (lib/message-summaries.ts) is applied to that workspace's badge as workspace_badges() counts
// it; only one that does not is refetched.
import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { patchLive } from '../../../lib/query-client.ts'
import type { LiveChange } from '../../../lib/live.ts'
import { rememberMove, summariesBetween } from '../../../lib/message-summaries.ts'
import type { ChannelMove } from '../../../lib/message-summaries.ts'
import type { Badge } from '../badges.ts'
import { notificationKeys } from './keys.ts'
import { myMemberships } from './memberships.ts'
import { PAGE_START, startsWithPage } from './page-start.ts'
import type { Membership } from './memberships.ts'
import type { NotifierEffect, NotifierEvent } from '../components/notifier-machine.ts'

interface Options {
  me: string
  /** The workspaces watched: all of mine but the open one. */
  workspaceIds: readonly string[]
  /** Off until this tab is the notifier (holds the lock): what comes before then is handed over. */
  enabled: boolean
  /** The notifier's machine: told what happened, it answers what this hook is to do. */
  dispatch: (event: NotifierEvent) => NotifierEffect[]
}

export function useOtherWorkspacesActivity({ me, workspaceIds, enabled, dispatch }: Options): void {
  const queryClient = useQueryClient()
  const latest = useRef(dispatch)
  useEffect(() => {
    latest.current = dispatch
  })
  const key = [...workspaceIds].sort().join(',')

  useEffect(() => {
    if (!me || !key || !enabled) return
    const workspaceIds = key.split(',')
    const ids = new Set(workspaceIds)
    let stopped = false
    latest.current({ type: 'others-watch' })
    // Whatever moved while the list was loading or a topic was rejoining is caught up after it.
    const load = async (catchUp: boolean) => {
      let rows: Membership[]
      try {
        rows = await myMemberships(queryClient, me)
      } catch {
        return
      }
      if (stopped) return
      const pageStart = startsWithPage() ? PAGE_START : null
      run(latest.current({ type: 'others-loaded', workspaceIds, rows, catchUp, pageStart }))
    }
    let loaded = load(false)
    let timer: number | undefined
    let reload = false
    let badges = false
    const later = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        if (reload) loaded = loaded.then(() => load(true))
        if (badges) void queryClient.invalidateQueries({ queryKey: notificationKeys.badges() })
        reload = badges = false
      }, 250)
    }
    // What the machine asks of this hook (it runs the alerts itself).
    const run = (effects: readonly NotifierEffect[]) => {
      for (const effect of effects) {
        if (effect.type === 'moved') {
          if (!patchBadge(effect.channel, effect.before, effect.channel.lastSeq)) badges = true
        } else if (effect.type === 'reload-others') {
          reload = badges = true
        } else if (effect.type === 'badges') {
          badges = true
        }
      }
    }
    const onChange = ({ table, operation, record }: LiveChange) => {
      const workspaceId = record.workspace_id
      if (typeof workspaceId !== 'string' || !ids.has(workspaceId)) return
      if (table === 'channels' && operation === 'UPDATE' && typeof record.id === 'string') {
        rememberMove(record as unknown as ChannelMove)
        run(
          latest.current({ type: 'other-move', channelId: record.id, seq: Number(record.last_seq) })
        )
        if (!reload && !badges) return
      } else if (table === 'channel_members' || table === 'channels') {
        // Mine: joined, left, read, level or mute changed; or a channel came or went.
        reload = badges = true
      } else {
        return
      }
      later()
    }
    const patchBadge = (channel: Membership, before: number, seq: number): boolean =>
      patchWorkspaceBadge(queryClient, me, channel, before, seq)
    const onJoined = (joined: boolean) => {
      if (!joined) return
      reload = badges = true
      later()
    }
    const leave = [...ids, null].map((id) =>
      subscribeLive(id ? liveTopic.workspace(id) : liveTopic.user(me), { onChange, onJoined })
    )
    return () => {
      stopped = true
      window.clearTimeout(timer)
      for (const l of leave) l()
    }
  }, [me, key, queryClient, enabled])
}

/**
 * The workspace's badge with a channel's new messages: bold, and counted when personal (patchLive:
 * a fetch of the badges on its way, read before these messages, is dropped and asked again).
 * False when the messages' summaries are not all known or there is no badge yet: to be fetched.
 */
export function patchWorkspaceBadge(
  queryClient: QueryClient,
  me: string,
  channel: Membership,
  before: number,
  seq: number
): boolean {
  const summaries = summariesBetween(channel.channelId, before, seq)
  if (!summaries || summaries.some((s) => s.mentions === null)) return false
  if (!queryClient.getQueryData(notificationKeys.badges())) return false
  const others = summaries.filter((s) => s.authorId !== me)
  if (channel.muted || others.length === 0) return true
  const personal = others.filter((s) => channel.kind === 'dm' || s.mentions!.includes(me))
  patchLive<Readonly<Record<string, Badge>>>(queryClient, notificationKeys.badges(), (all) => {
    const badge = all?.[channel.workspaceId] ?? { count: 0, bold: false }
    return { ...all, [channel.workspaceId]: { count: badge.count + personal.length, bold: true } }
  })
  return true
}
