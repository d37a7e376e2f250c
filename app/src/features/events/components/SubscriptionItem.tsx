// One event subscription in Settings, Integrations, "Outgoing events": its URL, state, events and
// creator; verify again, pause or resume, rotate its secret, change its events, delete it, and
// its deliveries.
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { Channel } from '../../channels/index.ts'
import type { EventSubscription, useEventChanges } from '../data/events.ts'
import { EventDeliveries } from './EventDeliveries.tsx'
import { labelOf, listOf, when } from './event-text.ts'
import { SubscriptionEditor } from './SubscriptionEditor.tsx'
import { confirmed } from '../../../ui/layers.ts'

function stateOf(s: EventSubscription): string {
  const error = s.verificationError
  if (!s.urlVerified) return error ? t`Not verified: ${error}` : t`Not verified`
  if (!s.active) return s.pausedReason === 'failing' ? t`Paused after repeated failures` : t`Paused`
  return t`Verified, active`
}

export function SubscriptionItem(props: {
  subscription: EventSubscription
  creator: string
  channelName: (id: string) => string
  mine: Channel[]
  changes: ReturnType<typeof useEventChanges>
  onSecret: (secret: string) => void
}) {
  const { subscription: s, changes } = props
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const busy =
    changes.verify.isPending ||
    changes.setActive.isPending ||
    changes.rotate.isPending ||
    changes.remove.isPending
  const url = s.url
  const creator = props.creator
  const created = when(s.createdAt)
  const also = listOf(s.privateChannelIds.map((id) => `#${props.channelName(id)}`))
  return (
    <li className="webhook-item" aria-label={s.url}>
      <div>
        <strong className="event-url">{s.url}</strong>
      </div>
      <div className="event-state" data-state={s.urlVerified && s.active ? 'ok' : 'off'}>
        {stateOf(s)}
      </div>
      <div className="muted">
        {listOf(s.eventTypes.map(labelOf))}
        {s.privateChannelIds.length > 0 && ` · ${t`also ${also}`}`}
        {' · '}
        <Trans>
          by <bdi>{creator}</bdi> on {created}
        </Trans>
      </div>
      <div className="webhook-actions">
        {!s.urlVerified && (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => changes.verify.mutate(s.id)}
          >
            {t`Verify again`}
          </button>
        )}
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => changes.setActive.mutate({ id: s.id, active: !s.active })}
        >
          {s.active ? t`Pause` : t`Resume`}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() =>
            void confirmed({
              title: t`Rotate secret`,
              body: t`Rotate the signing secret? Requests are signed with the new one at once.`,
              confirm: t`Rotate secret`,
              danger: true,
            }).then(
              (ok) =>
                ok && changes.rotate.mutate(s.id, { onSuccess: (r) => props.onSecret(r.secret) })
            )
          }
        >
          {t`Rotate secret`}
        </button>
        <button
          type="button"
          className="link-button"
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          {t`Change events`}
        </button>
        <button
          type="button"
          className="link-button danger"
          disabled={busy}
          onClick={() =>
            void confirmed({
              title: t`Delete subscription`,
              body: t`Delete the subscription of ${url}?`,
              confirm: t`Delete`,
              danger: true,
            }).then((ok) => ok && changes.remove.mutate(s.id))
          }
        >
          {t`Delete`}
        </button>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t`Hide deliveries` : t`Deliveries`}
        </button>
      </div>
      {editing && (
        <SubscriptionEditor
          subscription={s}
          mine={props.mine}
          changes={changes}
          onDone={() => setEditing(false)}
        />
      )}
      {open && <EventDeliveries subscriptionId={s.id} changes={changes} />}
    </li>
  )
}
