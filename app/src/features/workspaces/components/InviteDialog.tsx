import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { dateLabel } from '../../../lib/date-formats.ts'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import type { GuestKind } from '../data/guest-admin.ts'
import { GuestInviteFields } from './GuestInviteFields.tsx'
import {
  EMAIL_PATTERN,
  inviteLink,
  useCreateInvite,
  useInvitesQuery,
  useRevokeInvite,
} from '../data/invite-mutations.ts'
import { roleLabel } from '../role-names.ts'

export interface InviteDialogProps {
  workspaceId: string
  workspaceName: string
  userId: string
  open: boolean
  onClose: () => void
}

export function InviteDialog({
  workspaceId,
  workspaceName,
  userId,
  open,
  onClose,
}: InviteDialogProps) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<'member' | 'admin' | 'guest'>('member')
  const [guest, setGuest] = useState<{ kind: GuestKind; channelIds: string[] }>({
    kind: 'single',
    channelIds: [],
  })
  const isGuest = role === 'guest'
  const [link, setLink] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const create = useCreateInvite(workspaceId, userId)
  const invites = useInvitesQuery(workspaceId, open)
  const revoke = useRevokeInvite(workspaceId)
  const emailError =
    email !== '' && !EMAIL_PATTERN.test(email.trim())
      ? t`That does not look like an email address.`
      : null

  function makeLink() {
    setCopied(false)
    create.mutate({ role, email: null }, { onSuccess: (token) => setLink(inviteLink(token)) })
  }

  function sendEmail(event: FormEvent) {
    event.preventDefault()
    if (!email || emailError) return
    const to = email.trim()
    create.mutate(
      { role, email: to, guest: isGuest ? guest : null },
      {
        onSuccess: () => {
          setSentTo(to)
          setEmail('')
        },
      }
    )
  }

  return (
    <Dialog title={t`Invite people to ${workspaceName}`} open={open} onClose={onClose}>
      <div className="stack">
        <label className="field">
          <span>{t`Invite as`}</span>
          <select
            value={role}
            onChange={(e) => setRole(e.target.value as 'member' | 'admin' | 'guest')}
          >
            <option value="member">{roleLabel('member')}</option>
            <option value="admin">{roleLabel('admin')}</option>
            <option value="guest">{roleLabel('guest')}</option>
          </select>
        </label>
        {isGuest && (
          <GuestInviteFields
            workspaceId={workspaceId}
            kind={guest.kind}
            channelIds={guest.channelIds}
            onChange={setGuest}
          />
        )}
        {/* A guest is invited by email only (the database refuses a guest link). */}
        {!isGuest && (
          <section className="stack">
            <h3>{t`By link`}</h3>
            <p className="muted">{t`Anyone with the link can join for 7 days.`}</p>
            {link ? (
              <div className="copy-row">
                <input
                  readOnly
                  value={link}
                  aria-label={t`Invite link`}
                  onFocus={(e) => e.target.select()}
                />
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    void navigator.clipboard?.writeText(link).then(() => setCopied(true))
                  }}
                >
                  {copied ? t`Copied` : t`Copy`}
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="button"
                onClick={makeLink}
                disabled={create.isPending}
              >
                {t`Create invite link`}
              </button>
            )}
          </section>
        )}
        <form className="stack" onSubmit={sendEmail} noValidate>
          <h3>{t`By email`}</h3>
          <Field
            label={t`Email address`}
            type="email"
            value={email}
            error={emailError}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={
              !email ||
              !!emailError ||
              create.isPending ||
              (isGuest && guest.channelIds.length === 0)
            }
          >
            {t`Send invitation`}
          </button>
          {sentTo && <Notice tone="success">{t`Invitation sent to ${sentTo}.`}</Notice>}
        </form>
        {create.error && <Notice tone="error">{cleanError(create.error)}</Notice>}
        {(invites.data?.length ?? 0) > 0 && (
          <section>
            <h3>{t`Open invitations`}</h3>
            <ul className="invite-list">
              {invites.data!.map((i) => {
                const date = dateLabel(i.expiresAt)
                return (
                  <li key={i.token}>
                    <span>
                      {i.email ?? t`Link`} · {roleLabel(i.role)} · {t`expires ${date}`}
                    </span>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => revoke.mutate(i.token)}
                    >
                      {t`Revoke`}
                    </button>
                  </li>
                )
              })}
            </ul>
          </section>
        )}
      </div>
    </Dialog>
  )
}
