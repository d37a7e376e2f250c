// The Scheduled view: my messages waiting to be sent in this workspace, by channel, each with
// when it goes (in my profile's time zone) and its actions: edit its text, reschedule (the
// presets or a custom time), send now, cancel (asked first). One the job could not send (I left
// the channel, it was archived) says so first, until I reschedule, send or cancel it. Loaded only
// when the view is opened; live from my user topic (the Count keeps listening).
import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { IconButton } from '../../../ui/IconButton.tsx'
import { confirmed } from '../../../ui/layers.ts'
import { Menu, MenuItem, MenuSeparator } from '../../../ui/Menu.tsx'
import { ErrorState, Notice, Spinner } from '../../../ui/Notice.tsx'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'
import { ViewHeader } from '../../../ui/ViewHeader.tsx'
import type { ViewProps } from '../../../slots/view.ts'
import { useUserId } from '../../auth/index.ts'
import { channelLabel, useChannelMembersQuery, useChannelsQuery } from '../../channels/index.ts'
import { loadEditBox, MessageBody } from '../../messages/index.ts'
import { useScheduled, useScheduledMutation } from '../data/scheduled.ts'
import type { Scheduled, ScheduledChange } from '../data/scheduled.ts'
import { presetsAt, presetTime, sendTimeLabel } from '../data/times.ts'
import { presetName } from './SendLater.tsx'
import { useZone } from '../data/use-zone.ts'
import './scheduled.css'

export { default as Count } from './ScheduledCount.tsx'

const EditBox = lazyRetrying(loadEditBox, NotLoaded)
const TimeDialog = lazyRetrying(() => import('./TimeDialog.tsx'), NotLoaded)

/** Why a message was not sent, for me. */
function notSentReason(code: string | null): string {
  if (code === 'not_channel_member') return t`Not sent: you are no longer a member of this channel.`
  if (code === 'channel_archived') return t`Not sent: the channel was archived.`
  if (code === 'insufficient_aal')
    return t`Not sent: this workspace now requires two-factor sign-in. Sign in with it and reschedule.`
  return t`Not sent: you can no longer post there.`
}

export default function ScheduledView({ workspaceId, people, onShowChannels, parts }: ViewProps) {
  const me = useUserId()
  const items = useScheduled(workspaceId)
  const channels = useChannelsQuery(workspaceId)
  const mutation = useScheduledMutation()
  const zone = useZone()
  const byChannel = new Map<string, Scheduled[]>()
  for (const item of items.data ?? []) {
    byChannel.set(item.channelId, [...(byChannel.get(item.channelId) ?? []), item])
  }
  const nameOf = (channelId: string) => {
    const channel = channels.data?.find((c) => c.id === channelId)
    if (!channel) return t`A channel`
    const label = channelLabel(channel, me)
    return channel.kind === 'dm' ? label : `#${label}`
  }
  return (
    <section className="workspace-view scheduled-view" aria-label={t`Scheduled`}>
      <ViewHeader
        icon="send-horizontal"
        title={t`Scheduled`}
        onShowChannels={onShowChannels}
        parts={parts}
      />
      {mutation.isError && <Notice tone="error">{cleanError(mutation.error)}</Notice>}
      {items.isPending ? (
        <Spinner label={t`Loading scheduled messages`} />
      ) : items.isError ? (
        <ErrorState
          title={t`Your scheduled messages could not be loaded.`}
          detail={cleanError(items.error)}
          onRetry={() => void items.refetch()}
        />
      ) : items.data.length === 0 ? (
        <div className="empty-state view-empty">
          <span className="view-empty-icon" aria-hidden="true">
            <Icon name="send-horizontal" size={28} />
          </span>
          <h3>{t`Nothing scheduled`}</h3>
          <p className="muted">
            {t`Write a message, then choose a time with the arrow beside Send.`}
          </p>
        </div>
      ) : (
        <div className="scheduled-groups">
          {[...byChannel].map(([channelId, list]) => (
            <section key={channelId} className="scheduled-group" aria-label={nameOf(channelId)}>
              <h3 className="scheduled-channel" dir="auto">
                {nameOf(channelId)}
              </h3>
              <ul className="scheduled-list">
                {list.map((item) => (
                  <li key={item.id}>
                    <ScheduledCard
                      item={item}
                      zone={zone}
                      people={people}
                      busy={mutation.isPending && mutation.variables.id === item.id}
                      onChange={(change) => mutation.mutate(change)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  )
}

interface CardProps {
  item: Scheduled
  zone: string
  people: ViewProps['people']
  busy: boolean
  onChange: (change: ScheduledChange) => void
}

function ScheduledCard({ item, zone, people, busy, onChange }: CardProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [custom, setCustom] = useState(false)
  const [editing, setEditing] = useState(false)
  const now = new Date()
  const at = new Date(item.sendAt)
  const when = sendTimeLabel(at, now, zone)
  const id = item.id
  return (
    <article
      className={`scheduled-card${item.failedAt ? ' scheduled-failed' : ''}`}
      aria-label={t`Scheduled message`}
      aria-busy={busy || undefined}
    >
      <div className="scheduled-main">
        {item.failedAt ? (
          <p className="scheduled-when scheduled-when-failed" role="status">
            <Icon name="flag" size={14} />
            {notSentReason(item.failedCode)}
          </p>
        ) : (
          <p className="scheduled-when">
            <Icon name="alarm-clock" size={14} />
            <time dateTime={item.sendAt}>{t`Sends ${when}`}</time>
          </p>
        )}
        {item.parentId && (
          <p className="muted scheduled-thread">
            <Icon name="message-square-reply" size={14} />
            {t`Reply in a thread`}
          </p>
        )}
        {!editing ? (
          <div className="scheduled-text">
            <MessageBody body={item.body} resolveMention={people.resolveMention} />
            {item.files.length > 0 && (
              <p className="muted scheduled-files">
                <Icon name="paperclip" size={14} />
                {item.files.map((f) => f.name ?? f.path.split('/').pop()).join(', ')}
              </p>
            )}
          </div>
        ) : (
          <ScheduledEdit
            item={item}
            nameOf={people.nameOf}
            onSave={(body) => onChange({ kind: 'edit', id, body })}
            onDone={() => setEditing(false)}
          />
        )}
      </div>
      <div className="scheduled-actions" role="group" aria-label={t`Actions`}>
        <IconButton icon="pencil" label={t`Edit text`} onClick={() => setEditing(true)} />
        <Menu
          trigger={<IconButton icon="alarm-clock" label={t`Reschedule`} />}
          open={menuOpen}
          onOpenChange={setMenuOpen}
          label={t`Reschedule`}
        >
          {presetsAt(now, zone).map((preset) => {
            const when = presetTime(preset, now, zone)
            return (
              <MenuItem
                key={preset}
                onSelect={() => onChange({ kind: 'reschedule', id, sendAt: when })}
              >
                {presetName(preset, when, now, zone)}
              </MenuItem>
            )
          })}
          <MenuSeparator />
          <MenuItem onSelect={() => setCustom(true)}>{t`Custom time…`}</MenuItem>
        </Menu>
        <IconButton
          icon="send-horizontal"
          label={t`Send now`}
          onClick={() => onChange({ kind: 'send', id })}
        />
        <IconButton
          icon="trash-2"
          label={t`Cancel message`}
          onClick={() =>
            void confirmed({
              title: t`Cancel scheduled message`,
              body: t`It will not be sent, and its text and files are deleted.`,
              confirm: t`Cancel message`,
              danger: true,
            }).then((yes) => yes && onChange({ kind: 'cancel', id, files: item.files }))
          }
        />
      </div>
      {custom && (
        <Suspense fallback={null}>
          <TimeDialog
            title={t`Reschedule message`}
            confirm={t`Reschedule`}
            zone={zone}
            initial={item.failedAt || at < now ? presetTime('tomorrow', now, zone) : at}
            onPick={(when) => {
              onChange({ kind: 'reschedule', id, sendAt: when })
              setCustom(false)
            }}
            onClose={() => setCustom(false)}
          />
        </Suspense>
      )}
    </article>
  )
}

/** The text in place, its mentions as names (and the channel's people to mention), as a sent
 *  message is edited: Enter saves, Escape cancels. */
function ScheduledEdit(props: {
  item: Scheduled
  nameOf: (id: string | null) => string
  onSave: (body: string) => void
  onDone: () => void
}) {
  const roster = useChannelMembersQuery(props.item.channelId)
  const mentionable = (roster.data ?? []).map((m) => ({ id: m.userId, name: m.displayName }))
  return (
    <div className="scheduled-edit">
      <Suspense fallback={<Spinner />}>
        <EditBox
          initial={props.item.body}
          people={{ nameOf: props.nameOf, mentionable }}
          onSave={(body) => {
            props.onSave(body)
            return Promise.resolve(null)
          }}
          onDone={props.onDone}
        />
      </Suspense>
    </div>
  )
}
