// Settings, Security: the account's second factors (list, remove) and adding one: an
// authenticator app (QR code, the secret to type, then a first code) or a security key (works
// when the app is opened at localhost, the relying party config.toml names).
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

const TYPE_NAMES: Record<Factor['type'], string> = {
  totp: 'Authenticator app',
  webauthn: 'Security key',
  phone: 'Phone',
}

export function TwoFactorSection() {
  const factors = useFactors()
  const proof = useProofGate('credential', 'remove a second factor')
  const remove = useRemoveFactor(proof.run)
  const verified = (factors.data ?? []).filter((f) => f.verified)
  return (
    <section className="stack" aria-labelledby="security-2fa">
      {proof.dialog}
      <h3 id="security-2fa">Two-factor sign-in</h3>
      {factors.error && <Notice tone="error">{cleanError(factors.error)}</Notice>}
      {factors.data &&
        (verified.length === 0 ? (
          <p className="muted">
            Off. Turn it on to be asked for a code from your phone (or your security key) after your
            password.
          </p>
        ) : (
          <ul className="security-factors" aria-label="Your second factors">
            {verified.map((f) => (
              <li key={f.id}>
                <span>
                  <strong>{f.name || TYPE_NAMES[f.type]}</strong>{' '}
                  <span className="muted">{TYPE_NAMES[f.type]}</span>
                </span>
                <button
                  type="button"
                  className="button button-danger"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(f.id)}
                >
                  Remove {f.name || TYPE_NAMES[f.type]}
                </button>
              </li>
            ))}
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
        label="Authenticator app name"
        placeholder="My phone"
        maxLength={64}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {enroll.error && <Notice tone="error">{cleanError(enroll.error)}</Notice>}
      <button type="submit" className="button" disabled={enroll.isPending}>
        Add an authenticator app
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

  function submit(event: FormEvent) {
    event.preventDefault()
    confirm.mutate({ factorId: enrolment.factorId, code }, { onSuccess: onDone })
  }

  return (
    <form className="stack" onSubmit={submit}>
      <p>Scan this QR code with your authenticator app, or type the secret into it.</p>
      <img
        className="security-qr"
        src={enrolment.qrCode}
        alt="QR code for your authenticator app"
      />
      <p>
        Secret: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <Field
        label="Code from the app"
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
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={confirm.isPending}>
          Turn on
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
        label="Security key name"
        placeholder="My key"
        maxLength={64}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {register.error && <Notice tone="error">{cleanError(register.error)}</Notice>}
      <button type="submit" className="button" disabled={register.isPending}>
        {register.isPending ? 'Waiting for your security key…' : 'Add a security key'}
      </button>
    </form>
  )
}
