// Settings, Integrations, Bots (workspace owners and admins; a lazy chunk, a section of the
// Integrations dialog: slots/integrations.ts): create a bot (a name) and copy its API token,
// shown once; the list says who made each, when it was last used and which channels it is in;
// add it to a channel or remove it, regenerate its token (the old one stops at once, the new one
// is shown once) or revoke it (its token is refused from then on).
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { CredentialRow } from '../../../ui/CredentialRow.tsx'
import { ShownOnce } from '../../../ui/ShownOnce.tsx'
import { slackApiUrl, useBotChanges, useBots } from '../data/bots.ts'
import { useProofGate } from '../../reauth/index.ts'
import type { Bot, ShownToken } from '../data/bots.ts'
import '../bots.css'
import './bots-section.css'

/** What the section needs of a channel (a features/channels Channel is one). */
export interface ChannelChoice {
  id: string
  kind: string
  name: string | null
  archivedAt: string | null
}

export interface Props {
  workspaceId: string
  /** My channels in this workspace (a bot is added to one of them). */
  channels: ChannelChoice[]
}

export default function BotsSection({ workspaceId, channels }: Props) {
  const bots = useBots(workspaceId)
  const proof = useProofGate('credential', t`make a bot token`)
  const changes = useBotChanges(workspaceId, proof.run)
  const { create, regenerate, revoke } = changes
  const [name, setName] = useState('')
  const [shown, setShown] = useState<ShownToken | null>(null)
  const addable = channels.filter((c) => c.kind !== 'dm' && !c.archivedAt)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(name, {
      onSuccess: (made) => {
        setShown(made)
        setName('')
      },
    })
  }
  const busy = Object.values(changes).some((m) => m.isPending)
  const error = Object.values(changes).find((m) => m.error)?.error
  const endpoint = `${slackApiUrl()}/<method>`
  const shownName = shown?.name

  return (
    <section className="stack" aria-labelledby="integrations-bots">
      {proof.dialog}
      <h3 id="integrations-bots">{t`Bots`}</h3>
      <p className="muted">
        <Trans>
          A bot posts, replies, reacts and reads the channels you add it to, through Slack&apos;s
          Web API (chat.postMessage, chat.update, chat.delete, reactions.add, conversations.history,
          conversations.replies) at <code>{endpoint}</code>, with the ids shown beside its channels
          as <code>channel</code>. Its messages show with a BOT badge.
        </Trans>
      </p>
      {shown && (
        <ShownOnce label={t`Bot token`} value={shown.token} copy onDone={() => setShown(null)}>
          <p>
            <Trans>
              Copy the token of <bdi>{shownName}</bdi> now: it is not shown again.
            </Trans>
          </p>
        </ShownOnce>
      )}
      <form className="stack" onSubmit={submit} noValidate aria-label={t`New bot`}>
        {/* "Bot", not "Name": the webhook form above has that label. */}
        <Field
          label={t`Bot`}
          placeholder={t`Deploy Bot`}
          value={name}
          maxLength={64}
          onChange={(e) => setName(e.target.value)}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={!name.trim() || create.isPending}
        >
          {t`Create bot`}
        </button>
      </form>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      {bots.isPending && <p className="muted">{t`Loading bots…`}</p>}
      {bots.error && <Notice tone="error">{cleanError(bots.error)}</Notice>}
      {bots.data?.length === 0 && <p className="muted">{t`No bots yet.`}</p>}
      {(bots.data?.length ?? 0) > 0 && (
        <ul className="bot-list" aria-label={t`Bots`}>
          {bots.data!.map((b) => (
            <BotItem
              key={b.id}
              bot={b}
              addable={addable.filter((c) => !b.channels.some((in_) => in_.id === c.id))}
              busy={busy}
              onAdd={(channelId) => changes.addTo.mutate({ id: b.id, channelId })}
              onRemove={(channelId) => changes.removeFrom.mutate({ id: b.id, channelId })}
              onRegenerate={() => regenerate.mutate(b, { onSuccess: setShown })}
              onRevoke={() => revoke.mutate(b.id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function BotItem(props: {
  bot: Bot
  addable: ChannelChoice[]
  busy: boolean
  onAdd: (channelId: string) => void
  onRemove: (channelId: string) => void
  onRegenerate: () => void
  onRevoke: () => void
}) {
  const { bot: b, addable, busy } = props
  const [channelId, setChannelId] = useState('')
  const live = !b.revokedAt
  const botName = b.name
  return (
    <CredentialRow
      name={b.name}
      title={
        <>
          <strong>
            <bdi>{b.name}</bdi>
          </strong>
          <span className="bot-badge">{t`BOT`}</span>
        </>
      }
      createdBy={b.createdByName}
      createdAt={b.createdAt}
      lastUsedAt={b.lastUsedAt}
      revokedAt={b.revokedAt}
      busy={busy}
      regenerate={{
        label: t`Regenerate token`,
        question: t`Regenerate the token of ${botName}? The current one stops working.`,
        onConfirm: props.onRegenerate,
      }}
      revoke={{
        label: t`Revoke bot`,
        question: t`Revoke ${botName}? Its token stops working for good.`,
        onConfirm: props.onRevoke,
      }}
      actions={
        <>
          <Select
            inline
            hideLabel
            label={t`Channel to add ${botName} to`}
            placeholder={t`Add to a channel…`}
            value={channelId}
            disabled={addable.length === 0}
            onValueChange={setChannelId}
            options={addable.map((c) => ({ value: c.id, label: `#${c.name}` }))}
          />
          <button
            type="button"
            className="button"
            disabled={!channelId || busy}
            onClick={() => {
              props.onAdd(channelId)
              setChannelId('')
            }}
          >
            {t`Add`}
          </button>
        </>
      }
    >
      <ul className="bot-channels" aria-label={t`Channels of ${botName}`}>
        {b.channels.length === 0 && <li className="muted">{t`In no channel yet.`}</li>}
        {b.channels.map((c) => {
          const channelName = c.name
          return (
            <li key={c.id}>
              #{c.name} <code className="muted">{c.id}</code>{' '}
              {live && (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  aria-label={t`Remove ${botName} from #${channelName}`}
                  onClick={() => props.onRemove(c.id)}
                >
                  {t`Remove`}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </CredentialRow>
  )
}
