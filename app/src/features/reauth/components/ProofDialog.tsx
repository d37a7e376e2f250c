// "Confirm it's you": asked when Auth or the database wants a recent proof (data/proof.ts). An
// account with an authenticator app verifies its code again; otherwise the current password, or
// a code emailed now. Resolves with the proof (onProved) or nothing (onCancel).
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import {
  emailCode,
  proveWithCode,
  proveWithFactor,
  proveWithPassword,
  verifiedTotp,
} from '../data/proof.ts'
import type { Proof, ProofPurpose } from '../data/proof.ts'

export interface ProofDialogProps {
  purpose: ProofPurpose
  /** What is being done, for the dialog's sentence: a verb phrase in the app's language
   * (t`make a bot token`), shown as "To {action}, confirm it's you". */
  action: string
  onProved: (proof: Proof) => void
  onCancel: () => void
}

export function ProofDialog({ purpose, action, onProved, onCancel }: ProofDialogProps) {
  const factor = useQuery({ queryKey: ['reauth', 'totp'], queryFn: verifiedTotp, staleTime: 0 })
  const [way, setWay] = useState<'password' | 'code'>('password')
  const [value, setValue] = useState('')
  const send = useMutation({ mutationFn: () => emailCode(purpose) })
  const prove = useMutation({
    mutationFn: async (): Promise<Proof> => {
      if (factor.data) return proveWithFactor(factor.data, value)
      return way === 'password' ? proveWithPassword(purpose, value) : proveWithCode(purpose, value)
    },
    onSuccess: onProved,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (value.trim()) prove.mutate()
  }

  const label = factor.data
    ? t`Code from your authenticator app`
    : way === 'password'
      ? t`Current password`
      : t`Code from your email`
  return (
    <Dialog title={t`Confirm it’s you`} open onClose={onCancel}>
      <form className="stack" onSubmit={submit} noValidate>
        <p>
          {t({
            comment: '{action} is a verb phrase such as "make a bot token" or "change your email"',
            message: `To ${action}, confirm it’s you: it has been a while since you signed in. This keeps someone who got hold of your session from doing it.`,
          })}
        </p>
        {factor.isPending ? (
          <p className="muted">{t`Loading…`}</p>
        ) : (
          <Field
            key={label}
            label={label}
            type={!factor.data && way === 'password' ? 'password' : 'text'}
            autoComplete={!factor.data && way === 'password' ? 'current-password' : 'one-time-code'}
            inputMode={!factor.data && way === 'password' ? undefined : 'numeric'}
            required
            autoFocus
            data-autofocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        {!factor.data && !factor.isPending && way === 'password' && (
          <button
            type="button"
            className="button button-secondary"
            disabled={send.isPending}
            onClick={() => {
              setWay('code')
              setValue('')
              prove.reset()
              send.mutate()
            }}
          >
            {t`Email me a code instead`}
          </button>
        )}
        {way === 'code' && send.isSuccess && (
          <Notice tone="info">{t`We sent a code to your email.`}</Notice>
        )}
        {send.error && <Notice tone="error">{cleanError(send.error)}</Notice>}
        {factor.error && <Notice tone="error">{cleanError(factor.error)}</Notice>}
        {prove.error && <Notice tone="error">{prove.error.message}</Notice>}
        <div className="dialog-actions">
          <button type="submit" className="button" disabled={prove.isPending || !value.trim()}>
            {t`Confirm`}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t`Cancel`}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
