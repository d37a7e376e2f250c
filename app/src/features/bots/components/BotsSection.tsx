// Settings, Integrations, Bots (workspace owners and admins; a lazy chunk, a section of the
// Integrations dialog: slots/integrations.ts): create a bot (a name) and copy its API token,
// shown once; the list says who made each, when it was last used and which channels it is in;
// add it to a channel or remove it, regenerate its token (the old one stops at once, the new one
// is shown once) or revoke it (its token is refused from then on).
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
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
  const proof = useProofGate('credential', 'make a bot token')
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

  return (
    <section className="stack" aria-labelledby="integrations-bots">
      {proof.dialog}
      <h3 id="integrations-bots">Bots</h3>
      <p className="muted">
        A bot posts, replies, reacts and reads the channels you add it to, through Slack&apos;s Web
        API (chat.postMessage, chat.update, chat.delete, reactions.add, conversations.history,
        conversations.replies) at <code>{slackApiUrl()}/&lt;method&gt;</code>, with the ids shown
        beside its channels as <code>channel</code>. Its messages show with a BOT badge.
      </p>
      {shown && (
        <ShownOnce label="Bot token" value={shown.token} copy onDone={() => setShown(null)}>
          <p>
            Copy the token of <bdi>{shown.name}</bdi> now: it is not shown again.
          </p>
        </ShownOnce>
      )}
      <form className="stack" onSubmit={submit} noValidate aria-label="New bot">
        {/* "Bot", not "Name": the webhook form above has that label. */}
        <Field
          label="Bot"
          placeholder="Deploy Bot"
          value={name}
          maxLength={64}
          onChange={(e) => setName(e.target.value)}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={!name.trim() || create.isPending}
        >
          Create bot
        </button>
      </form>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      {bots.isPending && <p className="muted">Loading bots…</p>}
      {bots.error && <Notice tone="error">{cleanError(bots.error)}</Notice>}
      {bots.data?.length === 0 && <p className="muted">No bots yet.</p>}
      {(bots.data?.length ?? 0) > 0 && (
        <ul className="bot-list" aria-label="Bots">
          {bots.data!.map((b) => (
            <BotItem
              key={b.id}
              bot={b}
              addable={addable.filter((c) => !b.channels.some((in_) => in_.id === c.id))}
              busy={busy}
              onAdd={(channelId) => changes.addTo.mutate({ id: b.id, channelId })}
              onRemove={(channelId) => changes.removeFrom.mutate({ id: b.id, channelId })}
              onRegenerate={() => {
                if (
                  window.confirm(
                    `Regenerate the token of ${b.name}? The current one stops working.`
                  )
                )
                  regenerate.mutate(b, { onSuccess: setShown })
              }}
              onRevoke={() => {
                if (window.confirm(`Revoke ${b.name}? Its token stops working for good.`))
                  revoke.mutate(b.id)
              }}
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
  const when = (iso: string) => new Date(iso).toLocaleString()
  const live = !b.revokedAt
  return (
    <li className="bot-item" aria-label={b.name}>
      <div>
        <strong>
          <bdi>{b.name}</bdi>
        </strong>
        <span className="bot-badge">BOT</span>
        {b.revokedAt && <span className="muted"> · revoked</span>}
      </div>
      <div className="muted">
        Created by <bdi>{b.createdByName ?? 'a former member'}</bdi> on {when(b.createdAt)} ·{' '}
        {b.lastUsedAt ? `last used ${when(b.lastUsedAt)}` : 'never used'}
      </div>
      <ul className="bot-channels" aria-label={`Channels of ${b.name}`}>
        {b.channels.length === 0 && <li className="muted">In no channel yet.</li>}
        {b.channels.map((c) => (
          <li key={c.id}>
            #{c.name} <code className="muted">{c.id}</code>{' '}
            {live && (
              <button
                type="button"
                className="link-button"
                disabled={busy}
                aria-label={`Remove ${b.name} from #${c.name}`}
                onClick={() => props.onRemove(c.id)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {live && (
        <div className="bot-actions">
          <label>
            <span className="visually-hidden">Channel to add {b.name} to</span>
            <select value={channelId} onChange={(e) => setChannelId(e.target.value)}>
              <option value="">Add to a channel…</option>
              {addable.map((c) => (
                <option key={c.id} value={c.id}>
                  #{c.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            disabled={!channelId || busy}
            onClick={() => {
              props.onAdd(channelId)
              setChannelId('')
            }}
          >
            Add
          </button>
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={props.onRegenerate}
          >
            Regenerate token
          </button>
          <button
            type="button"
            className="link-button danger"
            disabled={busy}
            onClick={props.onRevoke}
          >
            Revoke
          </button>
        </div>
      )}
    </li>
  )
}
