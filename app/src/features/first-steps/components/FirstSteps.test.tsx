import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import type { FirstSteps as Steps } from '../data/first-steps.ts'
import FirstSteps from './FirstSteps.tsx'

const state = vi.hoisted(() => ({
  steps: undefined as Steps | undefined,
  dismissed: 0,
  opened: [] as string[],
}))
vi.mock('../data/first-steps.ts', () => ({
  firstStepsKeys: { of: (id: string) => ['first-steps', id] },
  useFirstSteps: () => state.steps,
  useDismissFirstSteps: () => ({
    mutate: () => (state.dismissed += 1),
    isPending: false,
    error: null,
  }),
}))
vi.mock('../../registry.ts', () => ({
  workspaceDialog: (id: string) =>
    function StepDialog({ onClose }: { onClose: () => void }) {
      state.opened.push(id)
      return (
        <div role="dialog" aria-label={id}>
          <button type="button" onClick={onClose}>
            close {id}
          </button>
        </div>
      )
    },
}))
vi.mock('../../auth/index.ts', () => ({
  useAuth: () => ({ status: 'signed-in', userId: 'me', email: 'me@example.test' }),
}))

const steps = (done: Partial<Steps['done']>, more: Partial<Steps> = {}): Steps => ({
  done: { invite: false, channel: false, notifications: false, install: false, ...done },
  dismissed: false,
  mayInvite: true,
  guest: false,
  ...more,
})

function renderInShell() {
  const shell = document.createElement('div')
  shell.className = 'shell'
  const sidebar = document.createElement('aside')
  sidebar.className = 'sidebar'
  shell.append(sidebar)
  document.body.append(shell)
  render(
    <QueryClientProvider client={testQueryClient()}>
      <FirstSteps workspaceId="w" workspaceName="Team" />
    </QueryClientProvider>
  )
  return sidebar
}

beforeEach(() => {
  state.dismissed = 0
  state.opened = []
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('FirstSteps', () => {
  it('lists the four steps at the sidebar’s foot, the done ones ticked', () => {
    state.steps = steps({ channel: true })
    const sidebar = renderInShell()
    const card = within(sidebar).getByRole('region', { name: 'First steps' })
    expect(within(card).getAllByRole('listitem')).toHaveLength(4)
    expect(
      within(card).getByRole('button', { name: 'Create your first channel (done)' })
    ).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Invite your team (to do)' })).toBeTruthy()
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1')
    expect(card.textContent).toContain('1 of 4 done')
  })

  it('opens the step’s dialog, and asks again when it closes', () => {
    state.steps = steps({})
    const sidebar = renderInShell()
    fireEvent.click(
      within(sidebar).getByRole('button', { name: 'Create your first channel (to do)' })
    )
    expect(screen.getByRole('dialog', { name: 'create-channel' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'close create-channel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(within(sidebar).getByRole('button', { name: /^Install Chorus on your phone/ }))
    expect(screen.getByRole('dialog', { name: 'install-app' })).toBeTruthy()
  })

  it('leaves "Invite your team" without a way for someone who may not invite', () => {
    state.steps = steps({}, { mayInvite: false })
    const sidebar = renderInShell()
    expect(within(sidebar).queryByRole('button', { name: /^Invite your team/ })).toBeNull()
    expect(within(sidebar).getByText('Invite your team')).toBeTruthy()
  })

  it('is hidden by its ×, and says so when everything is done', () => {
    state.steps = steps({ invite: true, channel: true, notifications: true, install: true })
    const sidebar = renderInShell()
    expect(within(sidebar).getByRole('region', { name: 'You’re all set' })).toBeTruthy()
    expect(within(sidebar).queryByRole('list')).toBeNull()
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Hide first steps' }))
    expect(state.dismissed).toBe(1)
  })

  it('shows nothing once dismissed, to a guest, or before it knows', () => {
    for (const value of [steps({}, { dismissed: true }), steps({}, { guest: true }), undefined]) {
      state.steps = value
      const sidebar = renderInShell()
      expect(sidebar.childElementCount).toBe(0)
      cleanup()
      document.body.innerHTML = ''
    }
  })
})
