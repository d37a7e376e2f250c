// One event subscription in Settings, Integrations, "Outgoing events": its URL, state, events and
// creator; verify again, pause or resume, rotate its secret, change its events, delete it, and
// its deliveries.
import { useState } from 'react'
import type { Channel } from '../../channels/index.ts'
import type { EventSubscription, useEventChanges } from '../data/events.ts'
import { EventDeliveries } from './EventDeliveries.tsx'
import { labelOf, when } from './event-text.ts'
import { SubscriptionEditor } from './SubscriptionEditor.tsx'

function stateOf(s: EventSubscription): string {
  if (!s.urlVerified) return `Not verified${s.verificationError ? `: ${s.verificationError}` : ''}`
  if (!s.active) return s.pausedReason === 'failing' ? 'Paused after repeated failures' : 'Paused'
  return 'Verified, active'
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
  return (
    <li className="webhook-item" aria-label={s.url}>
      <div>
        <strong className="event-url">{s.url}</strong>
      </div>
      <div className="event-state" data-state={s.urlVerified && s.active ? 'ok' : 'off'}>
        {stateOf(s)}
      </div>
      <div className="muted">
        {s.eventTypes.map(labelOf).join(', ')}
        {s.privateChannelIds.length > 0 &&
          ` · also ${s.privateChannelIds.map((id) => `#${props.channelName(id)}`).join(', ')}`}
        {' · '}by <bdi>{props.creator}</bdi> on {when(s.createdAt)}
      </div>
      <div className="webhook-actions">
        {!s.urlVerified && (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => changes.verify.mutate(s.id)}
          >
            Verify again
          </button>
        )}
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => changes.setActive.mutate({ id: s.id, active: !s.active })}
        >
          {s.active ? 'Pause' : 'Resume'}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => {
            if (
              window.confirm(
                'Rotate the signing secret? Requests are signed with the new one at once.'
              )
            )
              changes.rotate.mutate(s.id, { onSuccess: (r) => props.onSecret(r.secret) })
          }}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className="link-button"
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          Change events
        </button>
        <button
          type="button"
          className="link-button danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Delete the subscription of ${s.url}?`)) changes.remove.mutate(s.id)
          }}
        >
          Delete
        </button>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide deliveries' : 'Deliveries'}
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
