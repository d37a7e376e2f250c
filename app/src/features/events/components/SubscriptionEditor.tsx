// Changing what an event subscription receives (Settings, Integrations, Outgoing events): its
// event types and the private channels of mine it also covers. The database checks the choice
// as when subscribing (update_event_subscription); its refusal shows here.
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice } from '../../../ui/Notice.tsx'
import type { Channel } from '../../channels/index.ts'
import { EVENT_TYPES } from '../data/events.ts'
import type { EventSubscription, useEventChanges } from '../data/events.ts'

const toggle = (list: string[], id: string) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id]

export function SubscriptionEditor(props: {
  subscription: EventSubscription
  /** The private channels I am in (the ones a subscription of mine may cover). */
  mine: Channel[]
  changes: ReturnType<typeof useEventChanges>
  onDone: () => void
}) {
  const { subscription: s } = props
  const { update } = props.changes
  const [types, setTypes] = useState(s.eventTypes)
  const [privateIds, setPrivateIds] = useState(s.privateChannelIds)
  const url = s.url
  const submit = (e: FormEvent) => {
    e.preventDefault()
    update.mutate(
      { id: s.id, eventTypes: types, privateChannelIds: privateIds },
      { onSuccess: props.onDone }
    )
  }
  return (
    <form className="stack" onSubmit={submit} aria-label={t`Events sent to ${url}`}>
      <EventChoices
        types={types}
        onTypes={setTypes}
        privateIds={privateIds}
        onPrivateIds={setPrivateIds}
        mine={props.mine}
      />
      {update.error && <Notice tone="error">{cleanError(update.error)}</Notice>}
      <div className="webhook-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={types.length === 0 || update.isPending}
        >
          {update.isPending ? t`Saving…` : t`Save`}
        </button>
        <button type="button" className="button" onClick={props.onDone}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  )
}

/** The events to send and the private channels of mine to send them from: subscribing, and
 * changing a subscription. */
export function EventChoices(props: {
  types: string[]
  onTypes: (update: (list: string[]) => string[]) => void
  privateIds: string[]
  onPrivateIds: (update: (list: string[]) => string[]) => void
  mine: Channel[]
}) {
  return (
    <>
      <fieldset className="event-choices">
        <legend>{t`Events`}</legend>
        {EVENT_TYPES.map((type) => (
          <label key={type.id}>
            <input
              type="checkbox"
              checked={props.types.includes(type.id)}
              onChange={() => props.onTypes((list) => toggle(list, type.id))}
            />{' '}
            {i18n._(type.label)} <code>{type.id}</code>
          </label>
        ))}
      </fieldset>
      {props.mine.length > 0 && (
        <fieldset className="event-choices">
          <legend>{t`Also from these private channels`}</legend>
          {props.mine.map((c) => (
            <label key={c.id}>
              <input
                type="checkbox"
                checked={props.privateIds.includes(c.id)}
                onChange={() => props.onPrivateIds((list) => toggle(list, c.id))}
              />{' '}
              #{c.name}
            </label>
          ))}
        </fieldset>
      )}
    </>
  )
}
