// The Activity view: what happened to me in this workspace, newest first (mentions, reactions to
// my messages, replies in threads I follow, being added to a channel), live; filtered by kind or
// to what is unread; each item opening its message and marked seen; "Mark all as read". Loaded
// only when the view is opened; the sidebar's count (ActivityCount.tsx) keeps it live.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { navigate } from '../../../lib/router.ts'
import type { ViewProps } from '../../../slots/view.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { ErrorState, Notice, Spinner } from '../../../ui/Notice.tsx'
import { ViewHeader } from '../../../ui/ViewHeader.tsx'
import { ACTIVITY_PAGE, MAX_SHOWN, useActivity, useMarkActivitySeen } from '../data/activity.ts'
import type { ActivityItem } from '../data/activity.ts'
import { ActivityRow, activityHref } from './ActivityRow.tsx'
import './activity.css'

export { default as Count } from './ActivityCount.tsx'

type Filter = 'all' | 'mention' | 'reply' | 'reaction' | 'channel_invite'

export default function ActivityView({ workspaceId, people, onShowChannels, parts }: ViewProps) {
  const [limit, setLimit] = useState(ACTIVITY_PAGE)
  const activity = useActivity(workspaceId, limit)
  const seen = useMarkActivitySeen(workspaceId)
  const [filter, setFilter] = useState<Filter>('all')
  const [unreadOnly, setUnreadOnly] = useState(false)
  const all = activity.data ?? []
  const shown = all.filter(
    (i) => (filter === 'all' || i.kind === filter) && (!unreadOnly || i.unread)
  )
  const unread = all.filter((i) => i.unread).length
  const filters: [Filter, string][] = [
    ['all', t`All`],
    ['mention', t`Mentions`],
    ['reply', t`Threads`],
    ['reaction', t`Reactions`],
    ['channel_invite', t`Invitations`],
  ]
  const open = (item: ActivityItem) => {
    if (item.unread) seen.mutate([item.id])
    navigate(activityHref(workspaceId, item))
  }
  return (
    <section className="workspace-view activity-view" aria-label={t`Activity`}>
      <ViewHeader icon="bell" title={t`Activity`} onShowChannels={onShowChannels} parts={parts}>
        <button
          type="button"
          className="button button-secondary button-small activity-all-read"
          aria-label={t`Mark all as read`}
          disabled={unread === 0}
          onClick={() => seen.mutate(null)}
        >
          <Icon name="check" size={14} />
          <span className="button-words">{t`Mark all as read`}</span>
        </button>
      </ViewHeader>
      <div className="activity-filters">
        <div className="segmented" role="group" aria-label={t`Show`}>
          {filters.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {label}
              {value === 'all' && unread > 0 && <span className="segmented-count">{unread}</span>}
            </button>
          ))}
        </div>
        <label className="activity-unread-only">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => setUnreadOnly(e.target.checked)}
          />
          {t`Unread only`}
        </label>
      </div>
      {seen.isError && <Notice tone="error">{cleanError(seen.error)}</Notice>}
      {activity.isPending ? (
        <Spinner label={t`Loading activity`} />
      ) : activity.isError ? (
        <ErrorState
          title={t`Your activity could not be loaded.`}
          detail={cleanError(activity.error)}
          onRetry={() => void activity.refetch()}
        />
      ) : shown.length === 0 ? (
        <Empty filter={filter} unreadOnly={unreadOnly} anything={all.length > 0} />
      ) : (
        <>
          <ul className="activity-list" aria-label={t`Activity`}>
            {shown.map((item) => (
              <li key={item.id}>
                <ActivityRow item={item} people={people} onOpen={open} />
              </li>
            ))}
          </ul>
          {all.length >= limit && limit < MAX_SHOWN && (
            <button
              type="button"
              className="button button-secondary activity-more"
              disabled={activity.isFetching}
              onClick={() => setLimit((n) => n + ACTIVITY_PAGE)}
            >
              {activity.isFetching ? t`Loading…` : t`Show older activity`}
            </button>
          )}
        </>
      )}
    </section>
  )
}

function Empty(props: { filter: Filter; unreadOnly: boolean; anything: boolean }) {
  const titles: Record<Filter, string> = {
    all: t`Nothing new for you yet`,
    mention: t`No mentions`,
    reply: t`No replies in your threads`,
    reaction: t`No reactions to your messages`,
    channel_invite: t`Nobody has added you to a channel`,
  }
  const title = props.unreadOnly && props.anything ? t`You're all caught up` : titles[props.filter]
  return (
    <div className="empty-state view-empty">
      <span className="view-empty-icon" aria-hidden="true">
        <Icon name="bell" size={28} />
      </span>
      <h3>{title}</h3>
      <p className="muted">
        {t`When someone mentions you, reacts to your messages, replies in a thread you follow or adds you to a channel, it shows up here.`}
      </p>
    </div>
  )
}
