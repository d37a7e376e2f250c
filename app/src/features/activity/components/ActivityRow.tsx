// One item of the Activity view: who did what where ("Nora mentioned you in #design"), when, a
// line or two of the message, and a dot while it is unread. Opening it goes to the message (a
// reply: its thread) or the channel, and marks it seen.
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Suspense } from 'react'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { recentLabel } from '../../../lib/recent-label.ts'
import { bodyAsLine } from '../../../../../supabase/functions/_shared/body-line.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { Emoji } from '../../emoji/index.ts'
import type { IconName } from '../../../ui/icons.ts'
import type { People } from '../../../slots/message.ts'
import type { ActivityItem } from '../data/activity.ts'

// A line's emoji as images (features/emoji-text.tsx, a chunk of its own): its text until then.
const EmojiText = lazyRetrying(
  () => import('../../emoji-text.tsx'),
  ({ text }: { text: string }) => text
)

/** Where an item opens (pure): its message in context, a reply's thread, or the channel. */
export function activityHref(workspaceId: string, item: ActivityItem): string {
  const channel = `/w/${workspaceId}/c/${item.channelId}`
  if (item.threadId) return `${channel}/t/${item.threadId}`
  if (item.messageId) return `${channel}/m/${item.messageId}`
  return channel
}

const ICONS: Record<ActivityItem['kind'], IconName> = {
  mention: 'at-sign',
  reply: 'message-square-reply',
  reaction: 'smile',
  channel_invite: 'user-plus',
}

function What({ item, who, where }: { item: ActivityItem; who: string; where: string }) {
  const name = <b className="activity-who">{who}</b>
  const place = (
    <b className="activity-where" dir="auto">
      {where}
    </b>
  )
  switch (item.kind) {
    case 'reply':
      return (
        <Trans>
          {name} replied in a thread in {place}
        </Trans>
      )
    case 'reaction': {
      const emoji = <Emoji emoji={item.emoji ?? ''} />
      return (
        <Trans>
          {name} reacted {emoji} to your message in {place}
        </Trans>
      )
    }
    case 'channel_invite':
      return (
        <Trans>
          {name} added you to {place}
        </Trans>
      )
    default:
      switch (item.mention) {
        case 'here':
          return (
            <Trans>
              {name} mentioned @here in {place}
            </Trans>
          )
        case 'channel':
          return (
            <Trans>
              {name} mentioned @channel in {place}
            </Trans>
          )
        case 'group':
          return (
            <Trans>
              {name} mentioned a group of yours in {place}
            </Trans>
          )
        default:
          return (
            <Trans>
              {name} mentioned you in {place}
            </Trans>
          )
      }
  }
}

export function ActivityRow(props: {
  item: ActivityItem
  people: People
  onOpen: (item: ActivityItem) => void
}) {
  const { item, people } = props
  const where = item.channelKind === 'dm' ? t`a direct message` : `#${item.channelName ?? ''}`
  // One line of plain text, as a notification has it (markup read, not shown).
  const body = item.body ? bodyAsLine(item.body, people.nameOf, 300) : ''
  return (
    <button
      type="button"
      className={`activity-row${item.unread ? ' activity-unread' : ''}`}
      onClick={() => props.onOpen(item)}
    >
      <span className="activity-avatar">
        {people.avatarOf(item.actorId, 36)}
        <span className={`activity-kind activity-kind-${item.kind}`} aria-hidden="true">
          <Icon name={ICONS[item.kind]} size={12} />
        </span>
      </span>
      <span className="activity-main">
        <span className="activity-line">
          <span className="activity-what">
            <What item={item} who={people.nameOf(item.actorId)} where={where} />
          </span>
          <time className="activity-time" dateTime={item.at} title={fullTimeLabel(item.at)}>
            {recentLabel(item.at)}
          </time>
        </span>
        {body && (
          <span className="activity-text" dir="auto">
            <Suspense fallback={body}>
              <EmojiText text={body} />
            </Suspense>
          </span>
        )}
      </span>
      {item.unread && <span className="activity-dot" role="img" aria-label={t`Unread`} />}
    </button>
  )
}
