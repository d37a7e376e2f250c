// The invite dialog's address field as people use it: typed and pasted lists become chips, each
// address once, one that is not an address marked on its chip and said under the field.
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AddressInput } from './AddressInput.tsx'
import type { InviteAddress } from '../data/invite-addresses.ts'

afterEach(cleanup)

function Harness() {
  const [addresses, setAddresses] = useState<InviteAddress[]>([])
  const [text, setText] = useState('')
  return (
    <AddressInput
      addresses={addresses}
      text={text}
      onChange={(next, rest) => {
        setAddresses(next)
        setText(rest)
      }}
    />
  )
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Addresses to invite' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('AddressInput', () => {
  it('makes typed addresses chips at each separator, merging duplicates', async () => {
    render(<Harness />)
    const field = screen.getByLabelText('Email addresses')
    await userEvent.type(field, 'ann@x.io, bo@x.io ANN@x.io;cy@x')
    expect(chips()).toEqual(['ann@x.io', 'bo@x.io'])
    expect((field as HTMLInputElement).value).toBe('cy@x')
    await userEvent.type(field, '.io{Enter}')
    expect(chips()).toEqual(['ann@x.io', 'bo@x.io', 'cy@x.io'])
  })

  it('takes a pasted list at once', async () => {
    render(<Harness />)
    const field = screen.getByLabelText('Email addresses')
    field.focus()
    await userEvent.paste('Ann Lee <ann@x.io>\nbo@x.io\n\nbo@x.io, cy@x.io')
    expect(chips()).toEqual(['ann@x.io', 'bo@x.io', 'cy@x.io'])
  })

  it('marks what is not an address inline, and says so with the field', async () => {
    render(<Harness />)
    const field = screen.getByLabelText('Email addresses')
    await userEvent.type(field, 'ann@x.io not-an-email ')
    expect(chips()).toEqual(['ann@x.io', 'not-an-email(not an email address)'])
    expect(field.getAttribute('aria-invalid')).toBe('true')
    const error = screen.getByRole('alert')
    expect(error.textContent).toBe('not-an-email is not an email address. Correct or remove it.')
    expect(field.getAttribute('aria-describedby')).toContain(error.id)
    await userEvent.click(screen.getByRole('button', { name: 'Remove not-an-email' }))
    expect(chips()).toEqual(['ann@x.io'])
    expect(field.getAttribute('aria-invalid')).toBeNull()
  })

  it('takes the last chip back to be corrected with Backspace in the empty field', async () => {
    render(<Harness />)
    const field = screen.getByLabelText('Email addresses') as HTMLInputElement
    await userEvent.type(field, 'ann@x.io, bo@x ')
    fireEvent.keyDown(field, { key: 'Backspace' })
    expect(field.value).toBe('bo@x')
    expect(chips()).toEqual(['ann@x.io'])
  })
})
