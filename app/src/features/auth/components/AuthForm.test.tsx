// The signed-out forms' one form: each field says what is wrong with it, under it and tied to
// it; a hint shows once, never beside its own error; a refusal goes where it belongs.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AuthForm } from './AuthForm.tsx'
import { passwordHint, validateEmail, validatePassword } from '../../../lib/validation.ts'

afterEach(cleanup)

function Harness({ error, onSubmit }: { error?: unknown; onSubmit: () => void }) {
  const [values, setValues] = useState({ email: '', password: '' })
  return (
    <AuthForm
      fields={[
        {
          name: 'email',
          label: 'Email',
          type: 'email',
          autoComplete: 'email',
          check: validateEmail,
        },
        {
          name: 'password',
          label: 'Password',
          type: 'password',
          autoComplete: 'new-password',
          hint: passwordHint(),
          check: validatePassword,
        },
      ]}
      values={values}
      onValue={(name, value) => setValues((was) => ({ ...was, [name]: value }))}
      error={error ?? null}
      fieldOf={(code) => (code === 'email_exists' ? 'email' : null)}
      submit="Create account"
      pending={false}
      onSubmit={onSubmit}
    />
  )
}

const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)

describe('AuthForm', () => {
  it('says what is wrong under every field on sending, and focuses the first', async () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(onSubmit).not.toHaveBeenCalled()
    const email = screen.getByLabelText('Email')
    const password = screen.getByLabelText('Password')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(describedText(email)).toEqual(['Enter your email address.'])
    expect(describedText(password)).toEqual(['Use at least 8 characters.'])
    expect(document.activeElement).toBe(email)
  })

  it('shows the password hint once: as a hint, or its error instead', async () => {
    render(<Harness onSubmit={() => {}} />)
    const password = screen.getByLabelText('Password')
    expect(describedText(password)).toEqual(['At least 8 characters.'])
    await userEvent.type(password, 'short')
    fireEvent.blur(password)
    expect(describedText(password)).toEqual(['Use at least 8 characters.'])
    expect(screen.queryByText('At least 8 characters.')).toBeNull()
    await userEvent.type(password, ' but long now')
    expect(password.getAttribute('aria-invalid')).toBeNull()
  })

  it('checks an address when the person leaves the field, and sends once all is right', async () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    const email = screen.getByLabelText('Email')
    await userEvent.type(email, 'ann@')
    fireEvent.blur(email)
    expect(describedText(email)).toEqual(['That does not look like an email address.'])
    await userEvent.type(email, 'example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'long enough')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('puts a refusal about a field under that field', () => {
    const error = Object.assign(new Error('User already registered'), { code: 'email_exists' })
    render(<Harness error={error} onSubmit={() => {}} />)
    const email = screen.getByLabelText('Email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    // In Chorus's words (data/auth-errors.ts), not Auth's "User already registered".
    expect(describedText(email)[0]).toBe(
      'An account with this email already exists. Sign in, or reset your password.'
    )
  })
})
