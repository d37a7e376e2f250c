// Settings → Integrations, "Slash commands" (owners and admins; in the Integrations dialog's lazy
// chunk): register a command (its name, the URL Chorus POSTs Slack's request to, a description
// and a usage hint for the autocomplete), see its signing secret once (the app verifies
// X-Slack-Signature with it), list the commands, change a URL, revoke.
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { CredentialRow } from '../../../ui/CredentialRow.tsx'
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
      <h3 id="integrations-slash-commands">{t`Slash commands`}</h3>
      <p className="muted">
        <Trans>
          A command typed in a channel (<code>/deploy staging</code>) is sent to your app as Slack
          sends it: a signed form POST with a response_url. Its answer is shown only to the person
          who typed it, or to the whole channel.
        </Trans>
      </p>
      {shown && <SecretShown {...shown} onDone={() => setShown(null)} />}
      <form className="stack" onSubmit={submit} noValidate aria-label={t`New slash command`}>
        <Field
          label={t`Command`}
          placeholder="/deploy"
          value={name}
          maxLength={33}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label={t`Request URL`}
          placeholder="https://example.com/slack/commands"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Field
          label={t`Description (optional)`}
          value={description}
          maxLength={140}
          onChange={(e) => setDescription(e.target.value)}
        />
        <Field
          label={t`Usage hint (optional)`}
          placeholder={t`[environment]`}
          value={usageHint}
          maxLength={100}
          onChange={(e) => setUsageHint(e.target.value)}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={!name.trim() || !url.trim() || create.isPending}
        >
          {t`Create command`}
        </button>
      </form>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      {commands.isPending && <p className="muted">{t`Loading commands…`}</p>}
      {commands.error && <Notice tone="error">{cleanError(commands.error)}</Notice>}
      {commands.data?.length === 0 && <p className="muted">{t`No commands yet.`}</p>}
      {(commands.data?.length ?? 0) > 0 && (
        <ul className="webhook-list" aria-label={t`Slash commands`}>
          {commands.data!.map((c) => (
            <CommandItem
              key={c.id}
              command={c}
              creator={nameOf(c.createdBy)}
              busy={update.isPending || revoke.isPending}
              onSaveUrl={(next) => update.mutate({ id: c.id, url: next })}
              onRevoke={() => revoke.mutate(c.id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/** The new command's signing secret, shown once. */
function SecretShown(props: { name: string; secret: string; onDone: () => void }) {
  const { name } = props
  return (
    <ShownOnce label={t`Signing secret`} value={props.secret} onDone={props.onDone}>
      <p>
        <Trans>
          Copy the signing secret of <code>{name}</code> now: it is not shown again. Your app checks
          each request&apos;s X-Slack-Signature with it.
        </Trans>
      </p>
    </ShownOnce>
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
  const name = c.name
  return (
    <CredentialRow
      name={c.name}
      title={
        <>
          <strong>{c.name}</strong> {c.usageHint && <span className="muted">{c.usageHint}</span>}
        </>
      }
      createdBy={props.creator}
      createdAt={c.createdAt}
      lastUsedAt={c.lastUsedAt}
      revokedAt={c.revokedAt}
      busy={busy}
      editing={editing}
      revoke={{
        label: t`Revoke command`,
        question: t`Revoke ${name}? It stops working for good.`,
        onConfirm: props.onRevoke,
      }}
      actions={
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => setEditing(true)}
        >
          {t`Edit URL`}
        </button>
      }
    >
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
            aria-label={t`Request URL of ${name}`}
            onChange={(e) => setUrl(e.target.value)}
          />
          <button type="submit" className="button" disabled={busy || !url.trim()}>
            {t`Save`}
          </button>
          <button type="button" className="link-button" onClick={() => setEditing(false)}>
            {t`Cancel`}
          </button>
        </form>
      ) : (
        <div className="muted">
          <bdi>{c.url}</bdi>
        </div>
      )}
    </CredentialRow>
  )
}
