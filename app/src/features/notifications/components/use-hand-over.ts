// What came before the browser notifier listened: its code loads a moment after the first
// screen, so when it starts with the page (data/page-start.ts) it hands over, once per page, the
// open workspace's channels whose last message is newer than the page (their messages since
// then) and the thread replies since then (data/thread-replies.ts fetchRepliesSince), each
// through the notifier's own rules. The other workspaces hand theirs over as their memberships
// load (data/use-other-workspaces.ts).
import { t } from '@lingui/core/macro'
import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { myMemberships } from '../data/memberships.ts'
import { newerThanPage, PAGE_START, SINCE_LIMIT, startsWithPage } from '../data/page-start.ts'
import type { NotificationSettings } from '../data/settings.ts'
import { fetchRepliesSince } from '../data/thread-replies.ts'
import type { ThreadReplyEvent } from '../data/thread-replies.ts'
import type { Source } from './notifier-machine.ts'

interface HandOverOptions {
  /** True once this tab is the notifier. */
  leading: boolean
  me: string
  openWorkspace: () => string
  /** A channel's label as the open workspace's list shows it, if known. */
  labelOf: (channelId: string) => string | undefined
  canAlert: () => boolean
  act: {
    notifyAfter: (source: Source, afterSeq: number, since?: number) => Promise<void>
    notifyReply: (event: ThreadReplyEvent) => Promise<void>
    settingsOf: (workspaceId: string) => Promise<NotificationSettings | null>
  }
}

/** Set once what came since the page started was handed over (once per page). */
let handedOver = false

export function useHandOver(options: HandOverOptions): void {
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })
  const { leading, me } = options
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!leading || handedOver) return
    handedOver = true
    if (!startsWithPage()) return
    const { act, canAlert, labelOf } = latest.current
    const open = latest.current.openWorkspace()
    const handOver = async () => {
      const [rows, settings] = await Promise.all([
        myMemberships(queryClient, me),
        act.settingsOf(open),
      ])
      // The open workspace's channels whose last message is newer than the page.
      const newer = rows.filter(
        (m) => m.workspaceId === open && !m.muted && newerThanPage(m.lastMessageAt)
      )
      if (settings && canAlert()) {
        for (const m of newer) {
          const label =
            labelOf(m.channelId) ?? (m.kind === 'dm' ? t`Direct message` : (m.name ?? ''))
          void act.notifyAfter(
            {
              channel: {
                id: m.channelId,
                kind: m.kind,
                label,
                lastReadSeq: m.lastReadSeq,
                muted: m.muted,
                level: m.level,
              },
              workspaceId: open,
              workspaceName: null,
              defaultLevel: settings.defaultLevel,
              dnd: settings.dnd,
            },
            Math.max(0, m.lastSeq - SINCE_LIMIT),
            PAGE_START
          )
        }
      }
      for (const event of await fetchRepliesSince(me, PAGE_START, rows))
        if (!event.muted && canAlert()) void act.notifyReply(event)
    }
    handOver().catch(() => {})
  }, [leading, me, queryClient])
}
