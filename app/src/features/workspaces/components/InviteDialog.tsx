import { plural, t } from '@lingui/core/macro'
import { useState } from 'react'
import { dateLabel } from '../../../lib/date-formats.ts'
import { formatLocale } from '../../../lib/i18n.ts'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import type { GuestKind } from '../data/guest-admin.ts'
import { GuestInviteFields } from './GuestInviteFields.tsx'
import { AddressInput } from './AddressInput.tsx'
import { addAddresses, splitAddresses } from '../data/invite-addresses.ts'
import type { InviteAddress } from '../data/invite-addresses.ts'
import {
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
  const [addresses, setAddresses] = useState<InviteAddress[]>([])
  const [typed, setTyped] = useState('')
  const [role, setRole] = useState<'member' | 'admin' | 'guest'>('member')
  const [guest, setGuest] = useState<{ kind: GuestKind; channelIds: string[] }>({
    kind: 'single',
    channelIds: [],
  })
  const isGuest = role === 'guest'
  const [link, setLink] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [result, setResult] = useState<{ sent: string[]; failed: string[] } | null>(null)
  const [copied, setCopied] = useState(false)
  const create = useCreateInvite(workspaceId, userId)
  const invites = useInvitesQuery(workspaceId, open)
  const revoke = useRevokeInvite(workspaceId)
  // what the field holds, the address still being typed with them
  const all = addAddresses(addresses, splitAddresses(typed))
  const blocked = all.length === 0 || all.some((a) => !a.valid)
  const toSend = all.length

  function makeLink() {
    setCopied(false)
    create.mutate({ role, email: null }, { onSuccess: (token) => setLink(inviteLink(token)) })
  }

  // Each address its own invitation, one after another; those that failed stay in the field.
  async function sendEmails(event: FormEvent) {
    event.preventDefault()
    if (blocked || sending) return
    setSending(true)
    setResult(null)
    const sent: string[] = []
    const failed: string[] = []
    for (const { email } of all) {
      try {
        await create.mutateAsync({ role, email, guest: isGuest ? guest : null })
        sent.push(email)
      } catch (error) {
        failed.push(`${email}: ${cleanError(error)}`)
      }
    }
    setAddresses(all.filter((a) => !sent.includes(a.email)))
    setTyped('')
    setResult({ sent, failed })
    setSending(false)
  }

  return (
    <Dialog title={t`Invite people to ${workspaceName}`} open={open} onClose={onClose}>
      <div className="stack">
        <Select
          label={t`Invite as`}
          value={role}
          onValueChange={setRole}
          options={(['member', 'admin', 'guest'] as const).map((r) => ({
            value: r,
            label: roleLabel(r),
          }))}
        />
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
        <form className="stack" onSubmit={(e) => void sendEmails(e)} noValidate>
          <h3>{t`By email`}</h3>
          <AddressInput
            addresses={addresses}
            text={typed}
            disabled={sending}
            onChange={(next, text) => {
              setAddresses(next)
              setTyped(text)
            }}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={blocked || sending || (isGuest && guest.channelIds.length === 0)}
          >
            {plural(toSend, { one: 'Send invitation', other: 'Send # invitations' })}
          </button>
          {result && result.sent.length > 0 && (
            <Notice tone="success">{sentSentence(result.sent)}</Notice>
          )}
          {result && result.failed.length > 0 && (
            <Notice tone="error">
              {t`Not sent:`}
              <ul className="invite-failures">
                {result.failed.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Notice>
          )}
        </form>
        {create.error && !result && <Notice tone="error">{cleanError(create.error)}</Notice>}
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

/** "Invitation sent to ann@x.io." or "Invitations sent to ann@x.io, bo@x.io and cy@x.io." */
function sentSentence(sent: string[]): string {
  const list = new Intl.ListFormat(formatLocale(), { type: 'conjunction' }).format(sent)
  const count = sent.length
  return plural(count, {
    one: `Invitation sent to ${list}.`,
    other: `Invitations sent to ${list}.`,
  })
}
