// The invite dialog's address field: several addresses at once, typed or pasted (separated by
// commas, spaces, semicolons or new lines; data/invite-addresses.ts), each shown as a chip with
// a button to remove it; an address that is not one is marked on its chip and said under the
// field (aria-invalid, aria-describedby). Backspace in the empty field takes the last chip back
// to be corrected; so does a click on it.
import { plural, t } from '@lingui/core/macro'
import { useId, useRef } from 'react'
import type { ClipboardEvent, KeyboardEvent } from 'react'
import { Icon } from '../../../ui/Icon.tsx'
import { addAddresses, splitAddresses, takeFinished } from '../data/invite-addresses.ts'
import type { InviteAddress } from '../data/invite-addresses.ts'
import './address-input.css'

interface Props {
  addresses: InviteAddress[]
  text: string
  onChange: (addresses: InviteAddress[], text: string) => void
  disabled?: boolean
}

export function AddressInput({ addresses, text, onChange, disabled }: Props) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const invalid = addresses.filter((a) => !a.valid)
  const remove = (email: string) =>
    onChange(
      addresses.filter((a) => a.email !== email),
      text
    )
  const edit = (a: InviteAddress) => {
    onChange(
      addresses.filter((b) => b.email !== a.email),
      a.email
    )
    input.current?.focus()
  }
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && text.trim() !== '') {
      // Enter finishes the address typed; with none typed, it sends (the form's submit)
      event.preventDefault()
      onChange(addAddresses(addresses, splitAddresses(text)), '')
    } else if (event.key === 'Backspace' && text === '' && addresses.length > 0) {
      event.preventDefault()
      edit(addresses[addresses.length - 1]!)
    }
  }
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text')
    if (!/[\s,;]/.test(pasted.trim())) return
    event.preventDefault()
    onChange(addAddresses(addresses, splitAddresses(text + ' ' + pasted)), '')
  }
  const list = invalid.map((a) => a.email).join(', ')
  const count = invalid.length
  return (
    <div className="field">
      <label htmlFor={id}>{t`Email addresses`}</label>
      <div
        className={count > 0 ? 'address-input address-input-invalid' : 'address-input'}
        onClick={(e) => {
          if (e.target === e.currentTarget) input.current?.focus()
        }}
      >
        {addresses.length > 0 && (
          <ul className="address-chips" aria-label={t`Addresses to invite`}>
            {addresses.map((a) => {
              const email = a.email
              return (
                <li key={a.email} className={a.valid ? 'address-chip' : 'address-chip invalid'}>
                  <button
                    type="button"
                    className="address-chip-text"
                    title={a.valid ? a.email : t`${email} is not an email address: edit it`}
                    onClick={() => edit(a)}
                    disabled={disabled}
                  >
                    {a.email}
                    {!a.valid && (
                      <span className="visually-hidden">{t`(not an email address)`}</span>
                    )}
                  </button>
                  <button
                    type="button"
                    className="address-chip-remove"
                    aria-label={t`Remove ${email}`}
                    onClick={() => remove(a.email)}
                    disabled={disabled}
                  >
                    <Icon name="x" size={12} />
                  </button>
                </li>
              )
            })}
          </ul>
        )}
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="email"
          autoComplete="off"
          value={text}
          disabled={disabled}
          placeholder={addresses.length === 0 ? t`name@example.com, another@example.com` : ''}
          aria-invalid={count > 0 || undefined}
          aria-describedby={`${id}-hint${count > 0 ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            const next = takeFinished(addresses, e.target.value)
            onChange(next.addresses, next.rest)
          }}
          onKeyDown={keyDown}
          onPaste={paste}
          onBlur={() => {
            if (text.trim() !== '') onChange(addAddresses(addresses, splitAddresses(text)), '')
          }}
        />
      </div>
      <div id={`${id}-hint`} className="field-hint">
        {t`Separate addresses with commas, spaces or new lines; pasting a list works too.`}
      </div>
      {count > 0 && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {plural(count, {
            one: `${list} is not an email address. Correct or remove it.`,
            other: `${list} are not email addresses. Correct or remove them.`,
          })}
        </div>
      )}
    </div>
  )
}
