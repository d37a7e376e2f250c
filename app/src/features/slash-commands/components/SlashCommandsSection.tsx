// Settings → Integrations, "Slash commands" (owners and admins; in the Integrations dialog's lazy
// chunk): register a command (its name, the URL Chorus POSTs Slack's request to, a description
// and a usage hint for the autocomplete), see its signing secret once (the app verifies
// X-Slack-Signature with it), list the commands, change a URL, revoke.
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { ShownOnce } from '../../../ui/ShownOnce.tsx'
import { useAdminCommands, useCommandChanges } from '../data/commands.ts'
import type { AdminCommand } from '../data/commands.ts'

export interface SlashCommandsSectionProps {
  workspaceId: string
  /** The creator's name by user id. */
  nameOf: (userId: string | null) => string
}

export function SlashCommandsSection({ workspaceId, nameOf }: SlashCommandsSectionProps) {
  const commands = useAdminCommands(workspaceId)
  const { create, update, revoke } = useCommandChanges(workspaceId)
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [usageHint, setUsageHint] = useState('')
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(
      { name, url, description, usageHint },
      {
        onSuccess: (made) => {
          setShown(made)
          setName('')
          setUrl('')
          setDescription('')
          setUsageHint('')
        },
      }
    )
  }
  const error = create.error ?? update.error ?? revoke.error

  return (
    <section className="stack" aria-labelledby="integrations-slash-commands">
      <h3 id="integrations-slash-commands">Slash commands</h3>
      <p className="muted">
        A command typed in a channel (<code>/deploy staging</code>) is sent to your app as Slack
        sends it: a signed form POST with a response_url. Its answer is shown only to the person who
        typed it, or to the whole channel.
      </p>
      {shown && (
        <ShownOnce label="Signing secret" value={shown.secret} onDone={() => setShown(null)}>
          <p>
            Copy the signing secret of <code>{shown.name}</code> now: it is not shown again. Your
            app checks each request&apos;s X-Slack-Signature with it.
          </p>
        </ShownOnce>
      )}
      <form className="stack" onSubmit={submit} noValidate aria-label="New slash command">
        <Field
          label="Command"
          placeholder="/deploy"
          value={name}
          maxLength={33}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label="Request URL"
          placeholder="https://example.com/slack/commands"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Field
          label="Description (optional)"
          value={description}
          maxLength={140}
          onChange={(e) => setDescription(e.target.value)}
        />
        <Field
          label="Usage hint (optional)"
          placeholder="[environment]"
          value={usageHint}
          maxLength={100}
          onChange={(e) => setUsageHint(e.target.value)}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={!name.trim() || !url.trim() || create.isPending}
        >
          Create command
        </button>
      </form>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      {commands.isPending && <p className="muted">Loading commands…</p>}
      {commands.error && <Notice tone="error">{cleanError(commands.error)}</Notice>}
      {commands.data?.length === 0 && <p className="muted">No commands yet.</p>}
      {(commands.data?.length ?? 0) > 0 && (
        <ul className="webhook-list" aria-label="Slash commands">
          {commands.data!.map((c) => (
            <CommandItem
              key={c.id}
              command={c}
              creator={nameOf(c.createdBy)}
              busy={update.isPending || revoke.isPending}
              onSaveUrl={(next) => update.mutate({ id: c.id, url: next })}
              onRevoke={() => {
                if (window.confirm(`Revoke ${c.name}? It stops working for good.`))
                  revoke.mutate(c.id)
              }}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function CommandItem(props: {
  command: AdminCommand
  creator: string
  busy: boolean
  onSaveUrl: (url: string) => void
  onRevoke: () => void
}) {
  const { command: c, busy } = props
  const [editing, setEditing] = useState(false)
  const [url, setUrl] = useState(c.url)
  const when = (iso: string) => new Date(iso).toLocaleString()
  return (
    <li className="webhook-item" aria-label={c.name}>
      <div>
        <strong>{c.name}</strong> {c.usageHint && <span className="muted">{c.usageHint}</span>}
        {c.revokedAt && <span className="webhook-revoked"> · revoked</span>}
      </div>
      {c.description && <div>{c.description}</div>}
      {editing ? (
        <form
          className="copy-row"
          onSubmit={(e) => {
            e.preventDefault()
            props.onSaveUrl(url)
            setEditing(false)
          }}
        >
          <input
            value={url}
            aria-label={`Request URL of ${c.name}`}
            onChange={(e) => setUrl(e.target.value)}
          />
          <button type="submit" className="button" disabled={busy || !url.trim()}>
            Save
          </button>
          <button type="button" className="link-button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="muted">
          <bdi>{c.url}</bdi>
        </div>
      )}
      <div className="muted">
        Created by <bdi>{props.creator}</bdi> on {when(c.createdAt)} ·{' '}
        {c.lastUsedAt ? `last used ${when(c.lastUsedAt)}` : 'never used'}
      </div>
      {!c.revokedAt && !editing && (
        <div className="webhook-actions">
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => setEditing(true)}
          >
            Edit URL
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
