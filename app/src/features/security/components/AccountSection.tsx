// Settings, Security: the password and the account's email (sessions: SessionsSection.tsx).
import { plural, t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { validatePassword } from '../../../lib/validation.ts'
import { useProofGate } from '../../reauth/index.ts'
import { CodeNeeded, useChangeEmail, useChangePassword, useSendCode } from '../data/account.ts'

export function EmailSection({ email }: { email: string }) {
  const [next, setNext] = useState('')
  const proof = useProofGate('account', t`change your email`)
  const change = useChangeEmail(proof.run)

  function submit(event: FormEvent) {
    event.preventDefault()
    change.mutate(next)
  }

  return (
    <>
      {/* Outside the form: the proof dialog has a form of its own. */}
      {proof.dialog}
      <form className="stack" onSubmit={submit} aria-labelledby="security-email">
        <h3 id="security-email">{t`Email`}</h3>
        <p className="muted">{t`Currently ${email}.`}</p>
        <Field
          label={t`New email`}
          type="email"
          autoComplete="email"
          required
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        {change.error && <Notice tone="error">{cleanError(change.error)}</Notice>}
        {change.isSuccess && (
          <Notice tone="success">
            {t`We sent a link to both addresses. The change takes effect once both are confirmed.`}
          </Notice>
        )}
        <button type="submit" className="button" disabled={change.isPending}>
          {t`Change email`}
        </button>
      </form>
    </>
  )
}

/** What the new password needs, as validatePassword (features/auth) checks it. */
function passwordHint(): string {
  const min = 8
  return plural(min, { one: 'At least # character.', other: 'At least # characters.' })
}

export function PasswordSection({ email }: { email: string }) {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [code, setCode] = useState('')
  const [touched, setTouched] = useState(false)
  const change = useChangePassword()
  const resend = useSendCode()
  // Auth asked for the emailed code (a session older than 24 hours): the form asks for it too.
  const [codeSent, setCodeSent] = useState(false)
  const waitingForCode = codeSent || change.error instanceof CodeNeeded
  const problem = touched ? validatePassword(next) : null

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (validatePassword(next)) return
    change.mutate(
      { email, current, next, ...(waitingForCode && code ? { nonce: code.trim() } : {}) },
      {
        onSuccess: () => {
          setCurrent('')
          setNext('')
          setCode('')
          setCodeSent(false)
          setTouched(false)
          resend.reset()
        },
        onError: (error) => {
          if (error instanceof CodeNeeded) setCodeSent(true)
        },
      }
    )
  }

  return (
    <form className="stack" onSubmit={submit} aria-labelledby="security-password" noValidate>
      <h3 id="security-password">{t`Password`}</h3>
      <Field
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        hint={passwordHint()}
        required
        error={problem}
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      {waitingForCode && (
        <>
          <Field
            label={t`Code from your email`}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="button"
            className="button button-secondary"
            disabled={resend.isPending}
            onClick={() => {
              setCode('')
              change.reset()
              resend.mutate()
            }}
          >
            {t`Email me a new code`}
          </button>
          {resend.error && <Notice tone="error">{cleanError(resend.error)}</Notice>}
          {resend.isSuccess && <Notice tone="info">{t`We sent a new code to your email.`}</Notice>}
        </>
      )}
      {change.error instanceof CodeNeeded ? (
        <Notice tone={change.error.problem ? 'error' : 'info'}>{change.error.message}</Notice>
      ) : (
        change.error && <Notice tone="error">{cleanError(change.error)}</Notice>
      )}
      {change.isSuccess && <Notice tone="success">{t`Your password is changed.`}</Notice>}
      <button type="submit" className="button" disabled={change.isPending}>
        {t`Change password`}
      </button>
    </form>
  )
}
