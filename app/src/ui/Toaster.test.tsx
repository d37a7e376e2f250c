import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { showToast } from './layers.ts'

describe('showToast', { timeout: 30_000 }, () => {
  it('shows a toast in a labelled region; its action runs once and closes it', async () => {
    const undo = vi.fn()
    showToast({ message: 'You left #design.', action: { label: 'Undo', run: undo } })
    const region = await screen.findByRole(
      'region',
      { name: /Notifications/ },
      // The first call loads the toasts' chunk.
      { timeout: 15_000 }
    )
    const toast = await within(region).findByText('You left #design.')
    const item = toast.closest('li')!
    fireEvent.click(within(item).getByRole('button', { name: 'Undo' }))
    expect(undo).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(within(region).queryByText('You left #design.')).toBeNull())
  })

  it('shows an error, closed by its Dismiss button', async () => {
    await act(async () => showToast({ tone: 'error', message: 'Could not mark it unread' }))
    const toast = await screen.findByText('Could not mark it unread')
    const item = toast.closest('li')!
    expect(item.className).toContain('toast-error')
    fireEvent.click(within(item).getByRole('button', { name: 'Dismiss' }))
    await vi.waitFor(() => expect(screen.queryByText('Could not mark it unread')).toBeNull())
  })

  it('offers a row of choices under its message; the one chosen runs once and closes it', async () => {
    const soon = vi.fn()
    const later = vi.fn()
    await act(async () =>
      showToast({
        message: 'Saved for later',
        choices: {
          label: 'Remind me:',
          actions: [
            { label: 'In 20 minutes', run: soon },
            { label: 'Tomorrow', run: later },
          ],
        },
      })
    )
    const choices = await screen.findByRole('group', { name: 'Remind me:' })
    expect(
      within(choices)
        .getAllByRole('button')
        .map((b) => b.textContent)
    ).toEqual(['In 20 minutes', 'Tomorrow'])
    fireEvent.click(within(choices).getByRole('button', { name: 'Tomorrow' }))
    expect(later).toHaveBeenCalledTimes(1)
    expect(soon).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(screen.queryByText('Saved for later')).toBeNull())
  })
})
