// New messages in my channels of the workspaces that are not open, from the same private live
// topics the open workspace uses (lib/live.ts): each other workspace's topic (its public
// channels' last_seq) and my own (my private channels and DMs, my memberships and reads). One
// join per workspace, none per channel; RLS decides who may join. Each move of a channel's
// last_seq past what was seen calls onNew with the channel and the seq seen before; the rail's
// badges of those workspaces are refetched at the same time, so they move live too.
// `seen` is the notifier's own record of the highest seq it has seen of each channel, whichever
// way (the open workspace's list or these topics), kept across switches of workspace: a channel
// of the workspace just left starts from what was seen of it while it was open, so a message
// that arrives while its topic is being joined still alerts (nothing alerts twice: the notifier
// keeps the ids it showed). The notifier loads a moment after the first screen, so the first
// load also hands over what came since this page opened: a channel whose last message is newer
// than the page's start alerts the messages sent since then (by their time). A move whose event
// says who wrote its messages and whom they mention (lib/message-summaries.ts) is applied to
// that workspace's badge as workspace_badges() counts it; only one that does not is refetched.
import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import type { LiveChange } from '../../../lib/live.ts'
import { rememberMove, summariesBetween } from '../../../lib/message-summaries.ts'
import type { ChannelMove } from '../../../lib/message-summaries.ts'
import type { Badge } from '../rules.ts'
import { notificationKeys } from './keys.ts'
import { myMemberships } from './memberships.ts'
import { PAGE_START, SINCE_LIMIT, newerThanPage, startsWithPage } from './page-start.ts'
import type { Membership } from './memberships.ts'

interface Options {
  me: string
  /** The workspaces watched: all of mine but the open one. */
  workspaceIds: readonly string[]
  /** Each channel's highest seq seen so far (read as a starting point, and kept up to date). */
  seen: Map<string, number>
  /** Off until this tab is the notifier (holds the lock): what comes before then is handed over. */
  enabled: boolean
  /**
   * A channel moved past `afterSeq`; only its messages sent at `since` (ms, epoch) or later
   * count, when given.
   */
  onNew: (channel: Membership, afterSeq: number, since?: number) => void
}

/** Set once a load has handed over what came since the page started (once per page). */
let sinceStartHandled = false

export function useOtherWorkspacesActivity({
  me,
  workspaceIds,
  seen,
  enabled,
  onNew,
}: Options): void {
  const queryClient = useQueryClient()
  const latest = useRef(onNew)
  useEffect(() => {
    latest.current = onNew
  })
  const key = [...workspaceIds].sort().join(',')

  useEffect(() => {
    if (!me || !key || !enabled) return
    const ids = new Set(key.split(','))
    const known = new Map<string, Membership>()
    // Channels that moved before my memberships were first known: the seq before that move,
    // caught up from once they are (one more load).
    const early = new Map<string, number>()
    let first = true
    let stopped = false
    const see = (channelId: string, seq: number) =>
      seen.set(channelId, Math.max(seen.get(channelId) ?? 0, seq))
    // Where a channel met for the first time here starts: before a move seen while loading, or
    // what was seen of it earlier (its workspace was open), whichever is older.
    const firstSeen = (channelId: string): number | undefined => {
      const starts = [early.get(channelId), seen.get(channelId)].filter((n) => n !== undefined)
      return starts.length > 0 ? Math.min(...starts) : undefined
    }
    // Whatever moved while the list was loading or a topic was rejoining is caught up after it.
    const load = async (catchUp: boolean) => {
      let rows: Membership[]
      try {
        rows = await myMemberships(queryClient, me)
      } catch {
        return
      }
      if (stopped) return
      const sinceStart = !sinceStartHandled && startsWithPage()
      sinceStartHandled = true
      const mine = new Set<string>()
      for (const row of rows) {
        if (!ids.has(row.workspaceId)) continue
        mine.add(row.channelId)
        const before = known.get(row.channelId)
        const from = before ? (catchUp ? before.lastSeq : null) : firstSeen(row.channelId)
        known.set(row.channelId, { ...row, lastSeq: Math.max(row.lastSeq, before?.lastSeq ?? 0) })
        see(row.channelId, row.lastSeq)
        if (from !== undefined && from !== null) {
          if (row.lastSeq > from) latest.current(row, from)
        } else if (!before && sinceStart && newerThanPage(row.lastMessageAt)) {
          latest.current(row, Math.max(0, row.lastSeq - SINCE_LIMIT), PAGE_START)
        }
      }
      early.clear()
      first = false
      for (const id of known.keys()) if (!mine.has(id)) known.delete(id)
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
    const onChange = ({ table, operation, record }: LiveChange) => {
      const workspaceId = record.workspace_id
      if (typeof workspaceId !== 'string' || !ids.has(workspaceId)) return
      if (table === 'channels' && operation === 'UPDATE' && typeof record.id === 'string') {
        rememberMove(record as unknown as ChannelMove)
        const channel = known.get(record.id)
        const seq = Number(record.last_seq)
        if (channel && seq > channel.lastSeq) {
          const before = channel.lastSeq
          channel.lastSeq = seq
          see(record.id, seq)
          if (!patchBadge(channel, before, seq)) badges = true
          latest.current({ ...channel }, before)
        } else if (!channel && first) {
          if (seq > 0) early.set(record.id, Math.min(early.get(record.id) ?? seq - 1, seq - 1))
          reload = badges = true
        } else if (channel) {
          // A rename or archiving: the badge leaves out archived channels.
          badges = true
        }
        if (!reload && !badges) return
      } else if (table === 'channel_members' || table === 'channels') {
        // Mine: joined, left, read, level or mute changed; or a channel came or went.
        reload = badges = true
      } else {
        return
      }
      later()
    }
    // The workspace's badge with a channel's new messages: bold, and counted when personal.
    const patchBadge = (channel: Membership, before: number, seq: number): boolean => {
      const summaries = summariesBetween(channel.channelId, before, seq)
      if (!summaries || summaries.some((s) => s.mentions === null)) return false
      if (!queryClient.getQueryData(notificationKeys.badges())) return false
      const others = summaries.filter((s) => s.authorId !== me)
      if (channel.muted || others.length === 0) return true
      const personal = others.filter((s) => channel.kind === 'dm' || s.mentions!.includes(me))
      queryClient.setQueryData<Readonly<Record<string, Badge>>>(
        notificationKeys.badges(),
        (all) => {
          const badge = all?.[channel.workspaceId] ?? { count: 0, bold: false }
          return {
            ...all,
            [channel.workspaceId]: { count: badge.count + personal.length, bold: true },
          }
        }
      )
      return true
    }
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
  }, [me, key, queryClient, seen, enabled])
}
