import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import type { Channel } from '../../channels/index.ts'
import QuickSwitcher from './QuickSwitcher.tsx'

const channel = (id: string, name: string): Channel => ({
  id,
  workspaceId: 'w',
  kind: 'public',
  name,
  topic: null,
  archivedAt: null,
  lastSeq: 0,
  isMember: true,
  isDefault: false,
  createdBy: null,
  lastReadSeq: 0,
  unread: 0,
  mentions: 0,
  dmMembers: [],
})

afterEach(cleanup)

describe('QuickSwitcher', () => {
  it('lists channels and people by part of the name and moves with the arrows', async () => {
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={testQueryClient()}>
        <QuickSwitcher
          workspaceId="w"
          workspaceName="W"
          channels={[channel('c1', 'general'), channel('c2', 'engineering')]}
          members={[
            { userId: 'me', role: 'owner', displayName: 'Me Myself', avatarPath: null },
            { userId: 'u2', role: 'member', displayName: 'Carol Díaz', avatarPath: null },
          ]}
          me="me"
          nameOf={() => ''}
          onClose={() => {}}
        />
      </QueryClientProvider>
    )
    const input = screen.getByRole('combobox')
    await user.type(input, 'ENER')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['#general'])
    await user.clear(input)
    await user.type(input, 'ne')
    const options = () => screen.getAllByRole('option')
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false'])
    await user.keyboard('{ArrowDown}')
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true'])
    await user.clear(input)
    await user.type(input, 'diaz')
    expect(options().map((o) => o.textContent)).toEqual(['@Carol Díaz · start a conversation'])
  })
  it('opens the views of the workspace by name', async () => {
    const user = userEvent.setup()
    let closed = false
    render(
      <QueryClientProvider client={testQueryClient()}>
        <QuickSwitcher
          workspaceId="w"
          workspaceName="W"
          channels={[channel('c1', 'general')]}
          members={[]}
          me="me"
          nameOf={() => ''}
          onClose={() => (closed = true)}
        />
      </QueryClientProvider>
    )
    await user.type(screen.getByRole('combobox'), 'unread')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All unreads'])
    await user.keyboard('{Enter}')
    expect(closed).toBe(true)
    expect(window.location.pathname).toBe('/w/w/unreads')
    await user.type(screen.getByRole('combobox'), '{Control>}a{/Control}activ')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Activity'])
  })
})
