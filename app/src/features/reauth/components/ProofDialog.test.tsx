import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as ProofModule from '../data/proof.ts'
import { useProofGate } from './use-proof-gate.tsx'

const calls = vi.hoisted(() => ({
  totp: null as string | null,
  log: [] as string[],
}))
vi.mock('../data/proof.ts', async () => {
  const real = await vi.importActual<typeof ProofModule>('../data/proof.ts')
  return {
    needsProof: real.needsProof,
    verifiedTotp: async () => calls.totp,
    emailCode: async (purpose: string) => void calls.log.push(`email ${purpose}`),
    proveWithPassword: async (purpose: string, password: string) => {
      calls.log.push(`password ${purpose} ${password}`)
      return purpose === 'account' ? { current_password: password } : {}
    },
    proveWithCode: async (purpose: string, code: string) => {
      calls.log.push(`code ${purpose} ${code}`)
      return purpose === 'account' ? { nonce: code } : {}
    },
    proveWithFactor: async (factorId: string, code: string) => {
      calls.log.push(`factor ${factorId} ${code}`)
      return {}
    },
  }
})

afterEach(() => {
  cleanup()
  calls.totp = null
  calls.log = []
})

const REFUSED = {
  code: '42501',
  message: 'Confirm it is you before making an API credential.',
  details: 'reauthentication_needed',
}

/** A button whose action is refused once for want of a proof, then done with what it got. */
function Harness({ purpose }: { purpose: 'account' | 'credential' }) {
  const proof = useProofGate(purpose, 'make a bot token')
  const [said, setSaid] = useState('')
  const go = () =>
    proof
      .run(async (given) => {
        calls.log.push(`try ${JSON.stringify(given ?? null)}`)
        if (given === undefined) throw REFUSED
        return 'made'
      })
      .then(setSaid, (error: { message: string }) => setSaid(`refused: ${error.message}`))
  return (
    <>
      {proof.dialog}
      <button type="button" onClick={() => void go()}>
        Make
      </button>
      <output>{said}</output>
    </>
  )
}

const show = (purpose: 'account' | 'credential') =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <Harness purpose={purpose} />
    </QueryClientProvider>
  )

describe('the proof dialog', () => {
  it('asks for the current password when refused, then makes it again', async () => {
    show('credential')
    fireEvent.click(screen.getByRole('button', { name: 'Make' }))
    const field = await screen.findByLabelText('Current password')
    expect(screen.getByRole('dialog', { name: 'Confirm it’s you' }).textContent).toContain(
      'To make a bot token, confirm it’s you'
    )
    fireEvent.change(field, { target: { value: 'my-pass-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('made'))
    expect(calls.log).toEqual(['try null', 'password credential my-pass-1', 'try {}'])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('or emails a code and takes it (an account change gets it as the nonce)', async () => {
    show('account')
    fireEvent.click(screen.getByRole('button', { name: 'Make' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Email me a code instead' }))
    const field = await screen.findByLabelText('Code from your email')
    await screen.findByText('We sent a code to your email.')
    fireEvent.change(field, { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('made'))
    expect(calls.log).toEqual([
      'try null',
      'email account',
      'code account 123456',
      'try {"nonce":"123456"}',
    ])
  })

  it('asks an account with an authenticator app for its code', async () => {
    calls.totp = 'factor-1'
    show('credential')
    fireEvent.click(screen.getByRole('button', { name: 'Make' }))
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), {
      target: { value: '654321' },
    })
    expect(screen.queryByRole('button', { name: 'Email me a code instead' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('made'))
    expect(calls.log).toEqual(['try null', 'factor factor-1 654321', 'try {}'])
  })

  it('cancelled, leaves the refusal as it was', async () => {
    show('credential')
    fireEvent.click(screen.getByRole('button', { name: 'Make' }))
    await screen.findByLabelText('Current password')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    })
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(`refused: ${REFUSED.message}`)
    )
    expect(calls.log).toEqual(['try null'])
  })
})
