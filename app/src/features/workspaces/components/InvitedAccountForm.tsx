// An account an email invitation made has neither a chosen name nor a password: the invitee
// picks both here before joining, so they can sign in again later with a password.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { validateDisplayName, validatePassword } from '../../../lib/validation.ts'
import { useCompleteInvitedAccount } from '../data/invite-mutations.ts'

export function InvitedAccountForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [tried, setTried] = useState(false)
  const complete = useCompleteInvitedAccount(userId)
  const nameError = tried ? validateDisplayName(name) : null
  // As the sign-up form asks (lib/validation.ts); the server checks again.
  const passwordError = tried ? validatePassword(password) : null

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (validateDisplayName(name) || validatePassword(password)) return
    complete.mutate({ displayName: name.trim(), password }, { onSuccess: onDone })
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p>{t`Choose the name others will see and a password for signing in.`}</p>
      <Field
        label={t`Display name`}
        value={name}
        autoComplete="name"
        error={nameError}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label={t`Password`}
        type="password"
        value={password}
        autoComplete="new-password"
        error={passwordError}
        onChange={(e) => setPassword(e.target.value)}
      />
      {complete.error && <Notice tone="error">{cleanError(complete.error)}</Notice>}
      <button type="submit" className="button button-primary" disabled={complete.isPending}>
        {complete.isPending ? t`Saving…` : t`Continue`}
      </button>
    </form>
  )
}
