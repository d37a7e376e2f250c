// Settings, Integrations, incoming webhooks in Slack's format (workspace owners and admins; a lazy
// chunk, the dialog's first section: slots/integrations.ts). Create one for a channel (a name, an
// emoji icon) and copy its URL, shown once; the list says which channel, who made it and when it
// was last used; regenerate (the old URL stops at once, the new one is shown once) or revoke.
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import type { IntegrationsSectionProps } from '../../../slots/integrations.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { CredentialRow } from '../../../ui/CredentialRow.tsx'
import { ShownOnce } from '../../../ui/ShownOnce.tsx'
import { useWebhookChanges, useWebhooks } from '../data/webhooks.ts'
import { useProofGate } from '../../reauth/index.ts'
import type { Webhook } from '../data/webhooks.ts'

export default function WebhooksSection(props: IntegrationsSectionProps) {
  const { workspaceId, channels, nameOf } = props
  const webhooks = useWebhooks(workspaceId)
  const proof = useProofGate('credential', t`make a webhook URL`)
  const { create, regenerate, revoke } = useWebhookChanges(workspaceId, proof.run)
  const postable = channels.filter((c) => c.kind !== 'dm' && !c.archivedAt)
  const [channelId, setChannelId] = useState(postable[0]?.id ?? '')
  const [name, setName] = useState('')
  const [iconEmoji, setIconEmoji] = useState('')
  const [shown, setShown] = useState<{ id: string; url: string } | null>(null)
  const channelName = (id: string) => {
    const c = channels.find((ch) => ch.id === id)
    return c?.name ? `#${c.name}` : t`a channel you are not in`
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(
      { channelId, name, iconEmoji },
      {
        onSuccess: (made) => {
          setShown(made)
          setName('')
          setIconEmoji('')
        },
      }
    )
  }
  const error = create.error ?? regenerate.error ?? revoke.error

  return (
    <>
      {proof.dialog}
      <p className="muted">
        <Trans>
          Incoming webhooks take Slack&apos;s message format unchanged: point an existing Slack
          integration at its URL. Its messages show with an APP badge.
        </Trans>
      </p>
      {shown && (
        <ShownOnce label={t`Webhook URL`} value={shown.url} copy onDone={() => setShown(null)}>
          <p>{t`Copy the webhook URL now: it is not shown again.`}</p>
        </ShownOnce>
      )}
      <form className="stack" onSubmit={submit} noValidate aria-label={t`New incoming webhook`}>
        <h3>{t`New incoming webhook`}</h3>
        <Select
          label={t`Posts to`}
          value={channelId}
          onValueChange={setChannelId}
          placeholder={t`Choose a channel…`}
          options={postable.map((c) => ({ value: c.id, label: `#${c.name}` }))}
        />
        <Field
          label={t`Name`}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label={t`Icon (emoji shortcode, optional)`}
          placeholder=":robot_face:"
          value={iconEmoji}
          onChange={(e) => setIconEmoji(e.target.value)}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={!channelId || !name.trim() || create.isPending}
        >
          {t`Create webhook`}
        </button>
      </form>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      <section className="stack" aria-labelledby="integrations-webhooks">
        <h3 id="integrations-webhooks">{t`Incoming webhooks`}</h3>
        {webhooks.isPending && <p className="muted">{t`Loading webhooks…`}</p>}
        {webhooks.error && <Notice tone="error">{cleanError(webhooks.error)}</Notice>}
        {webhooks.data?.length === 0 && <p className="muted">{t`None yet.`}</p>}
        {(webhooks.data?.length ?? 0) > 0 && (
          <ul className="webhook-list" aria-label={t`Incoming webhooks`}>
            {webhooks.data!.map((w) => (
              <WebhookItem
                key={w.id}
                webhook={w}
                channel={channelName(w.channelId)}
                creator={nameOf(w.createdBy)}
                busy={regenerate.isPending || revoke.isPending}
                onRegenerate={() => regenerate.mutate(w.id, { onSuccess: setShown })}
                onRevoke={() => revoke.mutate(w.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function WebhookItem(props: {
  webhook: Webhook
  channel: string
  creator: string
  busy: boolean
  onRegenerate: () => void
  onRevoke: () => void
}) {
  const { webhook: w } = props
  const hookName = w.name
  return (
    <CredentialRow
      name={w.name}
      title={
        <>
          <strong>
            {w.iconEmoji ? `${w.iconEmoji} ` : ''}
            <bdi>{w.name}</bdi>
          </strong>{' '}
          <span className="flow-arrow" aria-hidden="true">
            <Icon name="arrow-right" size={14} />
          </span>{' '}
          {props.channel}
        </>
      }
      createdBy={props.creator}
      createdAt={w.createdAt}
      lastUsedAt={w.lastUsedAt}
      revokedAt={w.revokedAt}
      busy={props.busy}
      regenerate={{
        label: t`Regenerate URL`,
        question: t`Regenerate the URL of ${hookName}? The current one stops working.`,
        onConfirm: props.onRegenerate,
      }}
      revoke={{
        label: t`Revoke webhook`,
        question: t`Revoke ${hookName}? Its URL stops working for good.`,
        onConfirm: props.onRevoke,
      }}
    />
  )
}
