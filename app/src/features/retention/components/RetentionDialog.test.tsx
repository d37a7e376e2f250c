import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { choose, optionNames } from '../../../ui/select.test-support.ts'
import { retentionKeys } from '../data/retention.ts'
import type { Retention } from '../data/retention.ts'
import { KeepPicker } from './KeepPicker.tsx'
import RetentionDialog from './RetentionDialog.tsx'

afterEach(cleanup)

describe('KeepPicker', () => {
  it('picks a usual choice, the workspace, or a number of days typed in', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(
      <KeepPicker
        label="Keep in #random"
        value="workspace"
        workspaceDays={90}
        onChange={onChange}
      />
    )
    const select = screen.getByRole('combobox', { name: 'Keep in #random' })
    expect((await optionNames(select))[0]).toBe('As the workspace (90 days)')
    await choose(select, '30 days')
    expect(onChange).toHaveBeenLastCalledWith(30)
    await choose(select, 'Forever')
    expect(onChange).toHaveBeenLastCalledWith(null)
    await choose(select, 'Other number of days…')
    const days = screen.getByLabelText('Keep in #random: days')
    await user.clear(days)
    await user.type(days, '0')
    expect(screen.getByRole('alert').textContent).toBe('A whole number of days from 1 to 36500.')
    expect(screen.getByRole('button', { name: 'Set' })).toHaveProperty('disabled', true)
    await user.clear(days)
    await user.type(days, '45')
    await user.click(screen.getByRole('button', { name: 'Set' }))
    expect(onChange).toHaveBeenLastCalledWith(45)
    expect(onChange).toHaveBeenCalledTimes(3)
  })
})

describe('RetentionDialog', () => {
  it("shows the workspace's choice in a sentence and what each channel keeps", () => {
    const client = testQueryClient({ staleTime: Infinity })
    const data: Retention = {
      keepDays: 90,
      deletedAccounts: 'anonymize',
      channels: new Map([
        ['c-random', { keepDays: 30 }],
        ['c-decisions', { keepDays: null }],
      ]),
    }
    client.setQueryData(retentionKeys.workspace('w'), data)
    render(
      <QueryClientProvider client={client}>
        <RetentionDialog
          workspaceId="w"
          workspaceName="Acme"
          channels={[
            { id: 'c-random', name: 'random', kind: 'public' },
            { id: 'c-decisions', name: 'decisions', kind: 'private' },
            { id: 'c-general', name: 'general', kind: 'public' },
            { id: 'c-dm', name: null, kind: 'dm' },
          ]}
          open
          onClose={() => {}}
        />
      </QueryClientProvider>
    )
    expect(screen.getByText(/older than 90 days are deleted, every hour/)).toBeTruthy()
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent ?? '')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatch(/^#decisions.*Kept forever$/)
    expect(rows[1]).toMatch(/^#general.*Deleted after 90 days$/)
    expect(rows[2]).toMatch(/^#random.*Deleted after 30 days$/)
    expect(screen.getByRole('combobox', { name: 'Keep messages in #general' }).textContent).toBe(
      'As the workspace (90 days)'
    )
    expect(
      (screen.getByRole('radio', { name: /Keep them anonymously/ }) as HTMLInputElement).checked
    ).toBe(true)
  })
})
