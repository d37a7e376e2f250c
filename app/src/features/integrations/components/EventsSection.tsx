// Settings, Integrations, "Outgoing events" (workspace owners and admins; in the dialog's lazy
// chunk): subscribe a URL to the workspace's events in Slack's Events API format. The signing
// secret is shown once; the URL is verified by Slack's url_verification challenge (an unverified
// one gets no events). Each subscription can be verified again, paused and resumed, have its
// secret rotated, its events changed (SubscriptionEditor) or be deleted, and shows its recent
// deliveries (time, event, status, attempts,
// last status code or error) with "Retry now" for a failed one. Public channels' events, and
// those of the private channels chosen here (mine only); never a direct message.
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { ShownOnce } from '../../../ui/ShownOnce.tsx'
import type { Channel } from '../../channels/index.ts'
import type { Member } from '../../workspaces/index.ts'
import {
  EVENT_TYPES,
  useEventChanges,
  useEventDeliveries,
  useEventSubscriptions,
} from '../data/events.ts'
import type { EventDelivery, EventSubscription } from '../data/events.ts'
import { EventChoices, SubscriptionEditor } from './SubscriptionEditor.tsx'
import './events.css'

interface Props {
  workspaceId: string
  channels: Channel[]
  members: Member[]
}

const labelOf = (type: string) => EVENT_TYPES.find((t) => t.id === type)?.label ?? type
const when = (iso: string) => new Date(iso).toLocaleString()

export function EventsSection({ workspaceId, channels, members }: Props) {
  const subscriptions = useEventSubscriptions(workspaceId)
  const changes = useEventChanges(workspaceId)
  const { create, verify, setActive, rotate, remove } = changes
  const [url, setUrl] = useState('')
  const [types, setTypes] = useState<string[]>(['message'])
  const [privateIds, setPrivateIds] = useState<string[]>([])
  const [shown, setShown] = useState<{ secret: string; verified?: boolean; error?: string } | null>(
    null
  )
  const mine = channels.filter((c) => c.kind === 'private' && c.isMember && !c.archivedAt)
  const nameOf = (id: string | null) =>
    members.find((m) => m.userId === id)?.displayName ?? 'Former member'

  const submit = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(
      { url, eventTypes: types, privateChannelIds: privateIds },
      {
        onSuccess: (made) => {
          setShown(made)
          setUrl('')
        },
      }
    )
  }
  const error =
    create.error ??
    verify.error ??
    setActive.error ??
    rotate.error ??
    remove.error ??
    changes.retry.error

  return (
    <section className="stack" aria-labelledby="integrations-events">
      <h3 id="integrations-events">Outgoing events</h3>
      <p className="muted">
        Chorus posts the workspace&apos;s events to your URL in Slack&apos;s Events API format,
        signed with the subscription&apos;s signing secret (X-Slack-Signature). Events of public
        channels, and of the private channels you choose below; never direct messages.
      </p>
      {shown && (
        <ShownOnce
          label="Signing secret"
          value={shown.secret}
          onDone={() => setShown(null)}
          after={
            <>
              {shown.verified === true && <p>The URL answered the challenge: verified.</p>}
              {shown.verified === false && (
                <p>
                  Not verified: {shown.error ?? 'the URL did not answer the challenge.'} It gets no
                  events until it is.
                </p>
              )}
            </>
          }
        >
          <p>Copy the signing secret now: it is not shown again.</p>
        </ShownOnce>
      )}
      <form className="stack" onSubmit={submit} noValidate aria-label="New event subscription">
        <Field
          label="Request URL"
          type="url"
          placeholder="https://example.com/slack/events"
          value={url}
          maxLength={2000}
          onChange={(e) => setUrl(e.target.value)}
        />
        <EventChoices
          types={types}
          onTypes={setTypes}
          privateIds={privateIds}
          onPrivateIds={setPrivateIds}
          mine={mine}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={!url.trim() || types.length === 0 || create.isPending}
        >
          {create.isPending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </form>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      {subscriptions.isPending && <p className="muted">Loading subscriptions…</p>}
      {subscriptions.error && <Notice tone="error">{cleanError(subscriptions.error)}</Notice>}
      {subscriptions.data?.length === 0 && <p className="muted">No subscriptions yet.</p>}
      {(subscriptions.data?.length ?? 0) > 0 && (
        <ul className="webhook-list" aria-label="Event subscriptions">
          {subscriptions.data!.map((s) => (
            <SubscriptionItem
              key={s.id}
              subscription={s}
              creator={nameOf(s.createdBy)}
              channelName={(id) => channels.find((c) => c.id === id)?.name ?? 'a private channel'}
              mine={mine}
              changes={changes}
              onSecret={(secret) => setShown({ secret })}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function stateOf(s: EventSubscription): string {
  if (!s.urlVerified) return `Not verified${s.verificationError ? `: ${s.verificationError}` : ''}`
  if (!s.active) return s.pausedReason === 'failing' ? 'Paused after repeated failures' : 'Paused'
  return 'Verified, active'
}

function SubscriptionItem(props: {
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
      {open && <Deliveries subscriptionId={s.id} changes={changes} />}
    </li>
  )
}

const STATUS_TEXT: Record<EventDelivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  retrying: 'Retrying',
  failed: 'Failed',
}

function Deliveries(props: {
  subscriptionId: string
  changes: ReturnType<typeof useEventChanges>
}) {
  const deliveries = useEventDeliveries(props.subscriptionId)
  const { retry } = props.changes
  if (deliveries.isPending) return <p className="muted">Loading deliveries…</p>
  if (deliveries.error) return <Notice tone="error">{cleanError(deliveries.error)}</Notice>
  if (deliveries.data.length === 0) return <p className="muted">No events delivered yet.</p>
  return (
    <table className="event-deliveries" aria-label="Recent deliveries">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last answer</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((d) => (
          <tr key={d.id} data-status={d.status}>
            <td>{when(d.createdAt)}</td>
            <td>
              <code>{d.eventType}</code>
            </td>
            <td>{STATUS_TEXT[d.status]}</td>
            <td>{d.attempts}</td>
            <td>{[d.lastStatusCode, d.lastError].filter((x) => x != null).join(' · ') || '–'}</td>
            <td>
              {d.status === 'failed' && (
                <button
                  type="button"
                  className="link-button"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate({ id: d.id, subscriptionId: props.subscriptionId })}
                >
                  Retry now
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
