// Settings, Security: the account's second factors (list, remove) and adding one: an
// authenticator app (QR code, the secret to type, then a first code) or a security key (works
// when the app is opened at localhost, the relying party config.toml names).
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import {
  useConfirmTotp,
  useEnrollTotp,
  useFactors,
  useRegisterSecurityKey,
  useRemoveFactor,
} from '../data/factors.ts'
import { useProofGate } from '../../reauth/index.ts'
import type { Factor, TotpEnrolment } from '../data/factors.ts'

const TYPE_NAMES: Record<Factor['type'], MessageDescriptor> = {
  totp: msg`Authenticator app`,
  webauthn: msg`Security key`,
  phone: msg`Phone`,
}

export function TwoFactorSection() {
  const factors = useFactors()
  const proof = useProofGate('credential', t`remove a second factor`)
  const remove = useRemoveFactor(proof.run)
  const verified = (factors.data ?? []).filter((f) => f.verified)
  return (
    <section className="stack" aria-labelledby="security-2fa">
      {proof.dialog}
      <h3 id="security-2fa">{t`Two-factor sign-in`}</h3>
      {factors.error && <Notice tone="error">{cleanError(factors.error)}</Notice>}
      {factors.data &&
        (verified.length === 0 ? (
          <p className="muted">
            {t`Off. Turn it on to be asked for a code from your phone (or your security key) after your password.`}
          </p>
        ) : (
          <ul className="security-factors" aria-label={t`Your second factors`}>
            {verified.map((f) => {
              const type = i18n._(TYPE_NAMES[f.type])
              const name = f.name || type
              return (
                <li key={f.id}>
                  <span>
                    <strong>{name}</strong> <span className="muted">{type}</span>
                  </span>
                  <button
                    type="button"
                    className="button button-danger"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(f.id)}
                  >
                    {t`Remove ${name}`}
                  </button>
                </li>
              )
            })}
          </ul>
        ))}
      {remove.error && <Notice tone="error">{cleanError(remove.error)}</Notice>}
      <AddAuthenticatorApp />
      <AddSecurityKey />
    </section>
  )
}

function AddAuthenticatorApp() {
  const [name, setName] = useState('')
  const enroll = useEnrollTotp()
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)

  function start(event: FormEvent) {
    event.preventDefault()
    enroll.mutate(name, { onSuccess: setEnrolment })
  }

  if (enrolment) {
    return <ConfirmAuthenticatorApp enrolment={enrolment} onDone={() => setEnrolment(null)} />
  }
  return (
    <form className="stack" onSubmit={start}>
      <Field
        label={t`Authenticator app name`}
        placeholder={t`My phone`}
        maxLength={64}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {enroll.error && <Notice tone="error">{cleanError(enroll.error)}</Notice>}
      <button type="submit" className="button" disabled={enroll.isPending}>
        {t`Add an authenticator app`}
      </button>
    </form>
  )
}

function ConfirmAuthenticatorApp({
  enrolment,
  onDone,
}: {
  enrolment: TotpEnrolment
  onDone: () => void
}) {
  const [code, setCode] = useState('')
  const confirm = useConfirmTotp()
  const secret = enrolment.secret

  function submit(event: FormEvent) {
    event.preventDefault()
    confirm.mutate({ factorId: enrolment.factorId, code }, { onSuccess: onDone })
  }

  return (
    <form className="stack" onSubmit={submit}>
      <p>{t`Scan this QR code with your authenticator app, or type the secret into it.`}</p>
      <img
        className="security-qr"
        src={enrolment.qrCode}
        alt={t`QR code for your authenticator app`}
      />
      <p>
        <Trans>
          Secret: <code data-testid="totp-secret">{secret}</code>
        </Trans>
      </p>
      <Field
        label={t`Code from the app`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      {confirm.error && <Notice tone="error">{cleanError(confirm.error)}</Notice>}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {t`Cancel`}
        </button>
        <button type="submit" className="button button-primary" disabled={confirm.isPending}>
          {t`Turn on`}
        </button>
      </div>
    </form>
  )
}

function AddSecurityKey() {
  const [name, setName] = useState('')
  const register = useRegisterSecurityKey()

  function submit(event: FormEvent) {
    event.preventDefault()
    register.mutate(name, { onSuccess: () => setName('') })
  }

  if (typeof window.PublicKeyCredential === 'undefined') return null
  return (
    <form className="stack" onSubmit={submit}>
      <Field
        label={t`Security key name`}
        placeholder={t`My key`}
        maxLength={64}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {register.error && <Notice tone="error">{cleanError(register.error)}</Notice>}
      <button type="submit" className="button" disabled={register.isPending}>
        {register.isPending ? t`Waiting for your security key…` : t`Add a security key`}
      </button>
    </form>
  )
}
