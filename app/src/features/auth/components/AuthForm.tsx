// The signed-out forms' one form (sign-in, sign-up, forgot password): its fields, each with its
// own error under it (aria-invalid, aria-describedby: ui/Field), checked when the person leaves
// the field and on sending, the first wrong one focused; a field's hint only while it has no
// error (sign-up's password said its rule twice, as a hint and as the error). The server's
// refusal, in its words from data/auth-errors.ts, goes under the field it is about (an address
// already registered, a weak password) or above the button.
import { useRef, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { authSentence } from '../data/auth-errors.ts'

export interface AuthField {
  name: string
  label: string
  type?: 'email' | 'password' | 'text'
  autoComplete: string
  hint?: string
  /** What is wrong with the value, or null. */
  check: (value: string) => string | null
}

interface Props {
  fields: AuthField[]
  values: Record<string, string>
  onValue: (name: string, value: string) => void
  /** The server's refusal, if any. */
  error: unknown
  /** The field a refusal is about, by its code (Auth's: "email_exists", "weak_password"). */
  fieldOf?: (code: string) => string | null
  /** Words for a refusal other than cleanError's. */
  errorText?: string | null
  submit: string
  pending: boolean
  pendingLabel?: string
  onSubmit: () => void
  /** Between the fields and the button (sign-in's "This is a shared computer"). */
  children?: ReactNode
  /** Under the server's refusal (sign-in's "Send the confirmation email again"). */
  errorAction?: ReactNode
  /** After the button (sign-in's sign-in link). */
  after?: ReactNode
}

export function AuthForm(props: Props) {
  const { fields, values } = props
  const [checked, setChecked] = useState<Set<string>>(() => new Set())
  const form = useRef<HTMLFormElement>(null)
  const code = (props.error as { code?: unknown } | null)?.code
  const errorField = typeof code === 'string' ? (props.fieldOf?.(code) ?? null) : null
  const serverError = props.error
    ? (props.errorText ?? authSentence(props.error) ?? cleanError(props.error))
    : null

  const errorOf = (field: AuthField) =>
    (checked.has(field.name) ? field.check(values[field.name] ?? '') : null) ??
    (errorField === field.name ? serverError : null)

  function submit(event: FormEvent) {
    event.preventDefault()
    setChecked(new Set(fields.map((f) => f.name)))
    const wrong = fields.findIndex((f) => f.check(values[f.name] ?? '') !== null)
    if (wrong >= 0) {
      form.current?.querySelectorAll<HTMLInputElement>('.field input')[wrong]?.focus()
      return
    }
    props.onSubmit()
  }

  return (
    <form ref={form} onSubmit={submit} className="stack" noValidate>
      {fields.map((field) => {
        const error = errorOf(field)
        return (
          <Field
            key={field.name}
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            required
            value={values[field.name] ?? ''}
            hint={error ? undefined : field.hint}
            error={error}
            onChange={(e) => props.onValue(field.name, e.target.value)}
            onBlur={() => {
              if ((values[field.name] ?? '') !== '')
                setChecked((was) => new Set(was).add(field.name))
            }}
          />
        )
      })}
      {props.children}
      {serverError && !errorField && <Notice tone="error">{serverError}</Notice>}
      {props.errorAction}
      <button type="submit" className="button button-primary" disabled={props.pending}>
        {props.pending && props.pendingLabel ? props.pendingLabel : props.submit}
      </button>
      {props.after}
    </form>
  )
}
