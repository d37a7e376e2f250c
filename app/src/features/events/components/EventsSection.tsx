// Settings, Integrations, "Outgoing events" (workspace owners and admins; a lazy chunk, the
// dialog's last section: slots/integrations.ts): subscribe a URL to the workspace's events in
// Slack's Events API format. The signing secret is shown once; the URL is verified by Slack's
// url_verification challenge (an unverified one gets no events). Each subscription can be
// verified again, paused and resumed, have its secret rotated, its events changed
// (SubscriptionEditor) or be deleted (SubscriptionItem), and shows its recent deliveries
// (EventDeliveries: time, event, status, attempts, last status code or error) with "Retry now"
// for a failed one. Public channels' events, and those of the private channels chosen here (mine
// only); never a direct message.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import type { IntegrationsSectionProps } from '../../../slots/integrations.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { ShownOnce } from '../../../ui/ShownOnce.tsx'
import { useEventChanges, useEventSubscriptions } from '../data/events.ts'
import { EventChoices } from './SubscriptionEditor.tsx'
import { SubscriptionItem } from './SubscriptionItem.tsx'
import './events.css'

/** Why a new subscription's URL is not verified (the check's error, if it said one). */
function notVerified(error: string | undefined): string {
  return error
    ? t`Not verified: ${error} It gets no events until it is.`
    : t`Not verified: the URL did not answer the challenge. It gets no events until it is.`
}

export default function EventsSection(props: IntegrationsSectionProps) {
  const { workspaceId, channels, nameOf } = props
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
      <h3 id="integrations-events">{t`Outgoing events`}</h3>
      <p className="muted">
        {t`Chorus posts the workspace's events to your URL in Slack's Events API format, signed with the subscription's signing secret (X-Slack-Signature). Events of public channels, and of the private channels you choose below; never direct messages.`}
      </p>
      {shown && (
        <ShownOnce
          label={t`Signing secret`}
          value={shown.secret}
          onDone={() => setShown(null)}
          after={
            <>
              {shown.verified === true && <p>{t`The URL answered the challenge: verified.`}</p>}
              {shown.verified === false && <p>{notVerified(shown.error)}</p>}
            </>
          }
        >
          <p>{t`Copy the signing secret now: it is not shown again.`}</p>
        </ShownOnce>
      )}
      <form className="stack" onSubmit={submit} noValidate aria-label={t`New event subscription`}>
        <Field
          label={t`Request URL`}
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
          {create.isPending ? t`Subscribing…` : t`Subscribe`}
        </button>
      </form>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      {subscriptions.isPending && <p className="muted">{t`Loading subscriptions…`}</p>}
      {subscriptions.error && <Notice tone="error">{cleanError(subscriptions.error)}</Notice>}
      {subscriptions.data?.length === 0 && <p className="muted">{t`No subscriptions yet.`}</p>}
      {(subscriptions.data?.length ?? 0) > 0 && (
        <ul className="webhook-list" aria-label={t`Event subscriptions`}>
          {subscriptions.data!.map((s) => (
            <SubscriptionItem
              key={s.id}
              subscription={s}
              creator={nameOf(s.createdBy)}
              channelName={(id) => channels.find((c) => c.id === id)?.name ?? t`a private channel`}
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
