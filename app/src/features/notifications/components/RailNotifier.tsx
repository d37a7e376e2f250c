// The rail's notifier and the title's badge (rail-part.tsx), a chunk loaded once the first screen
// is shown: the browser notifier's options made from the open workspace's channels and my
// notification settings.
import type { Channel } from '../../channels/index.ts'
import { channelLabel } from '../../channels/index.ts'
import { useRoute } from '../../../lib/router.ts'
import type { RailPartProps } from '../../../slots/rail.ts'
import { useNotificationSettings } from '../data/settings.ts'
import { BrowserNotifier, TitleBadge } from './lazy-browser-notifier.ts'
import type { BrowserNotifierOptions } from './use-browser-notifications.ts'

const NO_DND = { enabled: false, start: '22:00', end: '08:00', timeZone: 'UTC', snoozeUntil: null }

interface Props extends Pick<RailPartProps, 'workspaces' | 'activeId' | 'me'> {
  channels: Channel[] | undefined
  /** The badges' total, for the title. */
  total: number
}

export default function RailNotifier({ workspaces, activeId, me, channels, total }: Props) {
  const route = useRoute()
  const settings = useNotificationSettings(activeId).data
  const notifier: BrowserNotifierOptions = {
    workspaceId: activeId,
    workspaces,
    me,
    channels: settings
      ? channels?.map((c) => ({
          id: c.id,
          kind: c.kind,
          label: channelLabel(c, me),
          lastSeq: c.lastSeq,
          lastReadSeq: c.lastReadSeq,
          muted: !!c.muted,
          level: c.notifyLevel ?? null,
        }))
      : undefined,
    activeChannelId: route.name === 'workspace' ? route.channelId : null,
    defaultLevel: settings?.defaultLevel ?? 'mentions',
    dnd: settings?.dnd ?? NO_DND,
  }
  return (
    <>
      <TitleBadge total={total} />
      <BrowserNotifier {...notifier} />
    </>
  )
}
