import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { initSupabase } from '../../../lib/supabase.ts'
import { importKeys } from '../data/imports.ts'
import type { ImportRow } from '../data/imports.ts'
import ImportDialog from './ImportDialog.tsx'

beforeAll(() => {
  // The dialog joins the owner's live topic: a client with nowhere to connect to.
  initSupabase({ supabaseUrl: 'http://127.0.0.1:9', supabaseKey: 'key' } as never)
})

afterEach(cleanup)

const row = (over: Partial<ImportRow>): ImportRow =>
  ({
    id: 'i1',
    workspace_id: 'w',
    started_by: 'me',
    source_path: 'w/a.zip',
    status: 'queued',
    people: 0,
    channels: 0,
    messages_total: 0,
    messages_done: 0,
    files_total: 0,
    files_done: 0,
    report: [],
    error: null,
    created_at: '2026-11-24T10:00:00Z',
    started_at: null,
    finished_at: null,
    heartbeat_at: null,
    checkpoint: null,
    ...over,
  }) as ImportRow

/** The file input the "Choose a .zip file…" button opens (visually hidden). */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!

function renderWith(rows: ImportRow[], invitees: Record<string, { email: string }[]> = {}) {
  const client = testQueryClient({ staleTime: Infinity })
  client.setQueryData(importKeys.workspace('w'), rows)
  for (const [id, people] of Object.entries(invitees)) {
    client.setQueryData(importKeys.invitees(id), people)
  }
  render(
    <QueryClientProvider client={client}>
      <ImportDialog workspaceId="w" workspaceName="Acme" me="me" open onClose={() => {}} />
    </QueryClientProvider>
  )
}

describe('ImportDialog', () => {
  it('shows a running import with its progress and a way to cancel it, and waits to start another', () => {
    renderWith([
      row({ id: 'i2', status: 'running', messages_total: 200000, messages_done: 50000 }),
      row({
        id: 'i1',
        status: 'done',
        created_at: '2026-11-23T10:00:00Z',
        people: 12,
        channels: 7,
        messages_total: 900,
        messages_done: 898,
        files_total: 3,
        files_done: 2,
        report: [
          { file: 'general/2024-01-02.json', index: 4, reason: 'not a message' },
          { file: 'files/F1', reason: 'could not be downloaded' },
          'junk',
        ],
      }),
    ])
    const items = screen.getAllByRole('listitem', { name: /Import started/ })
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByRole('status').textContent).toBe(
      'Importing: 50,000 of 200,000 messages.'
    )
    expect(
      (
        within(items[0]!).getByRole('progressbar', {
          name: 'Import progress',
        }) as HTMLProgressElement
      ).value
    ).toBe(0.25)
    expect(within(items[0]!).getByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect(within(items[1]!).getByRole('status').textContent).toBe(
      'Imported 898 messages in 7 conversations from 12 people, and 2 of 3 files.'
    )
    expect(within(items[1]!).queryByRole('button', { name: 'Cancel' })).toBeNull()
    const report = within(items[1]!).getByText('2 items could not be imported')
    expect(report.closest('details')!.textContent).toContain(
      'general/2024-01-02.json, item 5: not a message'
    )
    expect(report.closest('details')!.textContent).toContain('files/F1: could not be downloaded')
    // One import at a time.
    fireEvent.change(fileInput(), {
      target: { files: [new File(['PK'], 'export.zip', { type: 'application/zip' })] },
    })
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true)
    expect(screen.getByText(/One import at a time/)).toBeTruthy()
  })

  it(
    'enables Import once a zip is chosen, asks before cancelling, and says when one failed',
    {
      timeout: 30_000,
    },
    async () => {
      renderWith([
        row({ id: 'i3', status: 'queued' }),
        row({ id: 'i1', status: 'failed', error: 'The zip has no users.json.' }),
      ])
      expect(
        screen.getByText('The import failed: The zip has no users.json. Nothing of it was kept.')
      ).toBeTruthy()
      expect(screen.getByText('Waiting to start…')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
      // The app's own dialog asks (its chunk loads on the first call); keeping the import closes it.
      const asked = await screen.findByRole('alertdialog', undefined, { timeout: 15_000 })
      expect(asked.textContent).toContain(
        'Cancel this import? What it has imported so far is removed.'
      )
      fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }))
      await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      cleanup()
      renderWith([row({ id: 'i1', status: 'cancelled' })])
      expect(screen.getByText('Cancelled. Nothing of it was kept.')).toBeTruthy()
      const button = screen.getByRole('button', { name: 'Import' })
      expect(button).toHaveProperty('disabled', true)
      const choose = screen.getByRole('button', { name: 'Choose a .zip file…' })
      fireEvent.change(fileInput(), {
        target: { files: [new File(['PK'], 'export.zip', { type: 'application/zip' })] },
      })
      expect(button).toHaveProperty('disabled', false)
      // The chosen file is shown by its name and size, and describes the button, now "another".
      expect(choose.textContent).toBe('Choose another file…')
      expect(choose.getAttribute('aria-describedby')).toBeTruthy()
      const chosen = document.getElementById(choose.getAttribute('aria-describedby')!)!
      expect(chosen.textContent).toBe('export.zip2 bytes')
      // Cleared, nothing is chosen and the focus is back on the button.
      fireEvent.click(screen.getByRole('button', { name: 'Clear export.zip' }))
      expect(button).toHaveProperty('disabled', true)
      expect(choose.textContent).toBe('Choose a .zip file…')
      expect(document.activeElement).toBe(choose)
    }
  )

  it('invites nobody while importing: no choice before, the count and one button after', () => {
    renderWith([row({ id: 'i1', status: 'done' }), row({ id: 'i0', status: 'done' })], {
      i1: [{ email: 'ben@example.test' }, { email: 'cat@example.test' }],
      i0: [],
    })
    expect(screen.queryByRole('checkbox')).toBeNull()
    const [newer, older] = screen.getAllByRole('listitem', { name: /Import started/ })
    expect(
      within(newer!).getByText(/2 people from this import have no invitation yet to take over/)
    ).toBeTruthy()
    expect(within(newer!).getByRole('button', { name: 'Email 2 invitations' })).toBeTruthy()
    expect(within(older!).queryByRole('button', { name: /Email/ })).toBeNull()
  })
})
