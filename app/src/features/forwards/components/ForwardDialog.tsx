// "Forward message…" (a lazy chunk): where to (my channels, my direct messages and people of the
// workspace, found by name; several at once), an optional comment, and a preview of the card the
// destinations will see. One forward is sent per destination, each with its own message id made
// once for this dialog, so sending again after a failure never forwards twice; the destinations
// done are taken off the list, the ones that failed stay with the reason.
import { plural, t } from '@lingui/core/macro'
import { useId, useMemo, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { filterByName } from '../../../lib/name-match.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Icon } from '../../../ui/Icon.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { showToast } from '../../../ui/layers.ts'
import type { ChatMessage, ExtensionScope, People } from '../../../slots/message.ts'
import { channelLabel } from '../../channels/index.ts'
import type { Channel } from '../../channels/index.ts'
import { useMembersQuery } from '../../workspaces/index.ts'
import { dmWith, forwardTo } from '../data/forward-call.ts'
import type { Forward } from '../data/forward.ts'
import { useForward } from '../data/forwards.ts'
import { ForwardCard } from './ForwardCard.tsx'
import type { Places } from './ForwardCard.tsx'

/** At most this many destinations at once. */
export const MAX_DESTINATIONS = 10

/** A place to forward to: a channel or DM of mine, or a person (their DM, opened if new). */
export interface Destination {
  key: string
  kind: 'channel' | 'dm' | 'person'
  /** The channel's id, or the person's. */
  id: string
  label: string
}

interface Props {
  scope: ExtensionScope
  message: ChatMessage
  channels: readonly Channel[]
  people: People
  places: Places
  onClose: () => void
}

/** The places offered: my open channels and DMs, then the people I have no DM with. */
export function destinationsOf(
  channels: readonly Channel[],
  members: readonly { userId: string; displayName: string }[],
  me: string
): Destination[] {
  const open = channels.filter((c) => c.isMember && !c.archivedAt)
  const withDm = new Set(
    open.flatMap((c) =>
      c.kind === 'dm' && c.dmMembers.length === 2 ? c.dmMembers.map((m) => m.id) : []
    )
  )
  return [
    ...open.map((c): Destination => ({
      key: `c:${c.id}`,
      kind: c.kind === 'dm' ? 'dm' : 'channel',
      id: c.id,
      label: c.kind === 'dm' ? channelLabel(c, me) : `#${c.name ?? ''}`,
    })),
    ...members
      .filter((m) => m.userId !== me && !withDm.has(m.userId))
      .map((m): Destination => ({
        key: `p:${m.userId}`,
        kind: 'person',
        id: m.userId,
        label: m.displayName,
      })),
  ]
}

/** The card a message would make, before it is sent (or the one a forward shares again). */
function previewOf(
  message: ChatMessage,
  inner: Forward | null,
  scope: ExtensionScope,
  channel: Channel | undefined
): Forward {
  if (inner) return inner
  return {
    id: message.id,
    channelId: message.channelId,
    workspaceId: scope.workspaceId,
    sourceMessageId: message.id,
    sourceChannelId: message.channelId,
    sourceChannelKind: channel?.kind ?? 'public',
    sourceChannelName: channel?.name ?? null,
    sourceParentId: message.parentId ?? null,
    sourceAuthorId: message.authorId,
    sourceAuthorName: message.app?.username ?? message.app?.name ?? null,
    sourceCreatedAt: message.createdAt,
    body: message.body,
    files: message.attachments,
  }
}

export default function ForwardDialog({
  scope,
  message,
  channels,
  people,
  places,
  onClose,
}: Props) {
  const members = useMembersQuery(scope.workspaceId).data
  const inner = useForward(message.channelId, message.id)
  const [filter, setFilter] = useState('')
  const [chosen, setChosen] = useState<Destination[]>([])
  const [comment, setComment] = useState('')
  const [sending, setSending] = useState(false)
  const [failures, setFailures] = useState<{ label: string; error: string }[]>([])
  // One message id per destination for the dialog's life: a retry sends the same forward.
  const ids = useRef(new Map<string, string>())
  const filterId = useId()
  const all = useMemo(
    () => destinationsOf(channels, members ?? [], scope.me),
    [channels, members, scope.me]
  )
  const picked = new Set(chosen.map((d) => d.key))
  const shown = filter.trim()
    ? filterByName(all, filter, (d) => d.label.replace(/^#/, '')).slice(0, 50)
    : []
  const full = chosen.length >= MAX_DESTINATIONS
  const preview = previewOf(message, inner, scope, places.mine.get(message.channelId))

  function toggle(d: Destination, on: boolean) {
    setChosen((list) => (on ? [...list, d] : list.filter((x) => x.key !== d.key)))
  }

  async function send(event: FormEvent) {
    event.preventDefault()
    if (chosen.length === 0 || sending) return
    setSending(true)
    const failed: { label: string; error: string }[] = []
    const left: Destination[] = []
    for (const d of chosen) {
      let id = ids.current.get(d.key)
      if (!id) {
        id = crypto.randomUUID()
        ids.current.set(d.key, id)
      }
      try {
        const channelId = d.kind === 'person' ? await dmWith(scope.workspaceId, d.id) : d.id
        await forwardTo({ id, channelId, messageId: message.id, comment: comment.trim() })
      } catch (error) {
        failed.push({ label: d.label, error: cleanError(error) })
        left.push(d)
      }
    }
    setSending(false)
    setFailures(failed)
    setChosen(left)
    const done = chosen.length - left.length
    const place = chosen[0]!.label
    if (left.length === 0) {
      showToast({
        message:
          done === 1
            ? t`Message forwarded to ${place}`
            : plural(done, {
                one: 'Message forwarded to # conversation',
                other: 'Message forwarded to # conversations',
              }),
      })
      onClose()
    }
  }

  return (
    <Dialog title={t`Forward message`} open onClose={onClose}>
      <form className="stack forward-dialog" onSubmit={(e) => void send(e)}>
        <div className="field">
          <label htmlFor={filterId}>{t`Forward to`}</label>
          {chosen.length > 0 && (
            <ul className="forward-chips" aria-label={t`Chosen destinations`}>
              {chosen.map(({ key, label }) => (
                <li key={key} className="forward-chip">
                  <bdi>{label}</bdi>
                  <button
                    type="button"
                    aria-label={t`Remove ${label}`}
                    onClick={() => setChosen((list) => list.filter((x) => x.key !== key))}
                  >
                    <Icon name="x" size={14} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            id={filterId}
            type="search"
            autoComplete="off"
            placeholder={t`Search channels and people`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          {full && (
            <p className="field-hint">{t`You can forward to ${MAX_DESTINATIONS} places at a time.`}</p>
          )}
        </div>
        {filter.trim() &&
          (shown.length === 0 ? (
            <p className="muted">{t`No channel or person matches.`}</p>
          ) : (
            <ul className="forward-options" aria-label={t`Matching channels and people`}>
              {shown.map((d) => (
                <li key={d.key} className="forward-option">
                  <label>
                    <input
                      type="checkbox"
                      checked={picked.has(d.key)}
                      disabled={full && !picked.has(d.key)}
                      onChange={(e) => toggle(d, e.target.checked)}
                    />
                    <bdi>{d.label}</bdi>
                    <span className="forward-option-kind">
                      {d.kind === 'channel'
                        ? t`Channel`
                        : d.kind === 'dm'
                          ? t`Direct message`
                          : t`Person`}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ))}
        <label className="field">
          <span>{t`Add a message (optional)`}</span>
          <textarea
            maxLength={40000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </label>
        <div>
          <p className="muted">{t`Preview`}</p>
          <ForwardCard forward={preview} people={people} places={places} preview />
        </div>
        {failures.map(({ label, error }) => (
          <Notice key={label} tone="error">
            {t`Not forwarded to ${label}: ${error}`}
          </Notice>
        ))}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={chosen.length === 0 || sending}
          >
            {sending ? t`Forwarding…` : t`Forward`}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
