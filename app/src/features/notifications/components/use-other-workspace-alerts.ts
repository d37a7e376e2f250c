// The browser notifier's alerts from the workspaces that are not open: a channel of theirs that
// moves (data/use-other-workspaces.ts) alerts by that workspace's settings (its default level,
// Do Not Disturb), fetched when it moves, and its title names the workspace.
import type { RefObject } from 'react'
import type { Membership } from '../data/memberships.ts'
import { mayAlert } from '../data/new-messages.ts'
import type { NotificationSettings } from '../data/settings.ts'
import { useOtherWorkspacesActivity } from '../data/use-other-workspaces.ts'
import type { Source } from './use-hand-over.ts'

interface OtherWorkspaceAlertsOptions {
  me: string
  /** The open workspace (not watched here). */
  workspaceId: string
  workspaces: readonly { id: string; name: string }[]
  /** The notifier's highest seq seen of each channel. */
  seen: Map<string, number>
  /** True once this tab is the notifier. */
  leading: boolean
  /** The latest me and workspaces, read when a channel moves. */
  latest: RefObject<{ me: string; workspaces: readonly { id: string; name: string }[] }>
  canAlert: () => boolean
  settingsOf: (workspaceId: string) => Promise<NotificationSettings | null>
  notifyAfter: (source: Source, afterSeq: number, since?: number) => Promise<void>
}

/** The other workspaces: their settings (default level) fetched when one of their channels moves. */
export function useOtherWorkspaceAlerts(options: OtherWorkspaceAlertsOptions): void {
  const { me, workspaceId, workspaces, seen, leading, latest, canAlert, settingsOf, notifyAfter } =
    options
  useOtherWorkspacesActivity({
    me,
    workspaceIds: workspaces.map((w) => w.id).filter((id) => id !== workspaceId),
    seen,
    enabled: leading,
    onNew: (m: Membership, afterSeq: number, since?: number) => {
      if (m.muted || !canAlert()) return
      void (async () => {
        const settings = await settingsOf(m.workspaceId)
        if (!settings) return
        const prefs = { id: m.channelId, kind: m.kind, level: m.level, muted: m.muted }
        const quiet =
          since === undefined &&
          !mayAlert(
            prefs,
            afterSeq,
            m.lastSeq,
            latest.current.me,
            settings.defaultLevel,
            settings.dnd
          )
        if (quiet) return
        const name = latest.current.workspaces.find((w) => w.id === m.workspaceId)?.name ?? null
        await notifyAfter(
          {
            channel: {
              id: m.channelId,
              kind: m.kind,
              label: m.name ?? '',
              muted: m.muted,
              level: m.level,
            },
            workspaceId: m.workspaceId,
            workspaceName: name,
            defaultLevel: settings.defaultLevel,
            dnd: settings.dnd,
          },
          afterSeq,
          since
        )
      })()
    },
  })
}
