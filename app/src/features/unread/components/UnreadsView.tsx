// The All unreads view: my unread messages grouped by channel, the channel with the newest first
// (muted channels left out, as the sidebar leaves them quiet); each group with its channel, how
// many are new, the newest messages themselves, "Open channel" and "Mark as read"; and "Mark all
// as read". It follows the sidebar's live channel list: a group read here or anywhere goes.
// Loaded only when the view is opened.
import { plural, t } from '@lingui/core/macro'
import { cleanError } from '../../../lib/clean-error.ts'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import { recentLabel } from '../../../lib/recent-label.ts'
import { Link } from '../../../ui/Link.tsx'
import type { People } from '../../../slots/message.ts'
import type { ViewProps } from '../../../slots/view.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { ErrorState, Notice, Spinner } from '../../../ui/Notice.tsx'
import { ViewHeader } from '../../../ui/ViewHeader.tsx'
import { channelLabel, useChannelsQuery, useMarkReadMutation } from '../../channels/index.ts'
import type { Channel } from '../../channels/index.ts'
import { MessageBody } from '../../messages/index.ts'
import { unreadChannels, unreadSignature, useUnreadGroups } from '../data/unreads.ts'
import type { UnreadGroup, UnreadMessage } from '../data/unreads.ts'
import './unreads.css'

export { default as Count } from './UnreadsCount.tsx'

export default function UnreadsView({ workspaceId, people, onShowChannels, parts }: ViewProps) {
  const channels = useChannelsQuery(workspaceId)
  const list = channels.data ?? []
  const groups = useUnreadGroups(workspaceId, unreadSignature(list))
  const markRead = useMarkReadMutation(workspaceId)
  const byId = new Map(unreadChannels(list).map((c) => [c.id, c]))
  // Read here or elsewhere: the sidebar's list says so first.
  const shown = (groups.data ?? []).filter((g) => byId.has(g.channelId))
  const read = (group: UnreadGroup) =>
    markRead.mutate({ channelId: group.channelId, seq: group.lastSeq })
  return (
    <section className="workspace-view unreads-view" aria-label={t`All unreads`}>
      <ViewHeader icon="inbox" title={t`All unreads`} onShowChannels={onShowChannels} parts={parts}>
        <button
          type="button"
          className="button button-secondary button-small unreads-all-read"
          aria-label={t`Mark all as read`}
          disabled={shown.length === 0}
          onClick={() => shown.forEach(read)}
        >
          <Icon name="check" size={14} />
          <span className="button-words">{t`Mark all as read`}</span>
        </button>
      </ViewHeader>
      {markRead.isError && <Notice tone="error">{cleanError(markRead.error)}</Notice>}
      {groups.isPending ? (
        <Spinner label={t`Loading unread messages`} />
      ) : groups.isError ? (
        <ErrorState
          title={t`Your unread messages could not be loaded.`}
          detail={cleanError(groups.error)}
          onRetry={() => void groups.refetch()}
        />
      ) : shown.length === 0 ? (
        <div className="empty-state view-empty">
          <span className="view-empty-icon" aria-hidden="true">
            <Icon name="check" size={28} />
          </span>
          <h3>{t`You're all caught up`}</h3>
          <p className="muted">
            {t`New messages in your channels and direct messages show up here, grouped by conversation, until you read them. Muted channels stay out.`}
          </p>
        </div>
      ) : (
        <ul className="unread-groups">
          {shown.map((group) => (
            <li key={group.channelId}>
              <Group
                group={group}
                channel={byId.get(group.channelId)!}
                workspaceId={workspaceId}
                people={people}
                onRead={() => read(group)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Group(props: {
  group: UnreadGroup
  channel: Channel
  workspaceId: string
  people: People
  onRead: () => void
}) {
  const { group, channel, people } = props
  const name = channelLabel(channel, people.me)
  const title = channel.kind === 'dm' ? name : `#${name}`
  const count = Math.max(channel.unread, group.messages.length)
  const hidden = count - group.messages.length
  const href = `/w/${props.workspaceId}/c/${channel.id}`
  return (
    <article className="unread-group" aria-label={title}>
      <header className="unread-group-head">
        <Link href={href} className="unread-group-name" dir="auto">
          {channel.kind === 'dm' ? (
            <Icon name="messages-square" size={14} />
          ) : channel.kind === 'private' ? (
            <Icon name="lock" size={14} />
          ) : null}
          <bdi>{title}</bdi>
        </Link>
        <span className="unread-group-count">
          {plural(count, { one: '# new message', other: '# new messages' })}
        </span>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={props.onRead}
        >
          {t`Mark as read`}
        </button>
      </header>
      {hidden > 0 && (
        <Link href={href} className="unread-group-more">
          {plural(hidden, { one: '# earlier message', other: '# earlier messages' })}
        </Link>
      )}
      <ul className="unread-messages">
        {group.messages.map((m) => (
          <li key={m.id}>
            <Row message={m} people={people} href={`${href}/m/${m.id}`} />
          </li>
        ))}
      </ul>
    </article>
  )
}

function Row({ message, people, href }: { message: UnreadMessage; people: People; href: string }) {
  return (
    <div className="unread-message">
      <span className="unread-avatar">{people.avatarOf(message.authorId, 32)}</span>
      <div className="unread-main">
        <p className="unread-meta">
          <bdi className="unread-author">{people.nameOf(message.authorId)}</bdi>
          <Link href={href} className="unread-time">
            <time dateTime={message.createdAt} title={fullTimeLabel(message.createdAt)}>
              {recentLabel(message.createdAt)}
            </time>
          </Link>
        </p>
        <div className="unread-body" dir="auto">
          <MessageBody body={message.body} resolveMention={people.resolveMention} />
        </div>
      </div>
    </div>
  )
}
