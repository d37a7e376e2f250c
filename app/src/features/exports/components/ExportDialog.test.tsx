import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import type * as ReactQuery from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ExportItem } from '../data/words.ts'
import ExportDialog from './ExportDialog.tsx'
import ExportNotice from './ExportNotice.tsx'

const data = vi.hoisted(() => ({
  items: [] as ExportItem[],
  requested: [] as string[],
  signed: [] as string[],
}))
vi.mock('../data/exports.ts', async () => {
  const { useMutation } = await vi.importActual<typeof ReactQuery>('@tanstack/react-query')
  return {
    useExports: () => ({ data: data.items, error: null, isPending: false }),
    useRequestExport: () => ({
      mutate: (kind: string) => data.requested.push(kind),
      isPending: false,
      error: null,
    }),
    useDownloadLink: () =>
      useMutation({
        mutationFn: async (item: ExportItem) => {
          data.signed.push(item.storagePath ?? '')
          return {
            url: `http://api.test/storage/v1/object/sign/exports/${item.storagePath}?token=t`,
            expiresAt: new Date(Date.now() + 3600_000),
          }
        },
      }),
  }
})

const scope = vi.hoisted(() => ({
  notice: {
    scope: 'public' as 'public' | 'all',
    changedAt: null as string | null,
    changedByName: null as string | null,
    unseen: false,
  },
  set: [] as string[],
  dismissed: 0,
}))
vi.mock('../data/scope.ts', () => ({
  useScopeNotice: () => ({ data: scope.notice, error: null }),
  useSetExportScope: () => ({
    mutate: (value: string) => scope.set.push(value),
    isPending: false,
    error: null,
  }),
  useDismissScopeNotice: () => ({
    mutate: () => (scope.dismissed += 1),
    isPending: false,
    error: null,
  }),
}))

afterEach(() => {
  cleanup()
  data.requested = []
  data.signed = []
  scope.set = []
  scope.dismissed = 0
  scope.notice = { scope: 'public', changedAt: null, changedByName: null, unseen: false }
})

const item = (over: Partial<ExportItem>): ExportItem => ({
  id: crypto.randomUUID(),
  kind: 'workspace',
  requestedBy: 'owner',
  status: 'done',
  size: 2 * 1024 * 1024,
  storagePath: 'w/e1.zip',
  error: null,
  createdAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
  ...over,
})

function show(isOwner: boolean, me: string) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <ExportDialog
        workspaceId="w"
        workspaceName="Acme"
        isOwner={isOwner}
        me={me}
        open
        onClose={() => {}}
      />
    </QueryClientProvider>
  )
}

describe('ExportDialog', () => {
  it("gives owners the workspace's exports, the state of each, and a download link once ready", async () => {
    data.items = [
      item({ storagePath: 'w/e1.zip' }),
      item({ kind: 'personal', status: 'running', size: null, expiresAt: null }),
      item({ status: 'failed', error: 'Storage refused the export.', size: null }),
    ]
    show(true, 'owner')
    const workspace = screen.getByRole('region', { name: 'The whole workspace' })
    const entries = within(workspace).getAllByRole('listitem')
    expect(entries).toHaveLength(2)
    expect(entries[0]!.textContent).toMatch(/Ready, 2\.1 MB\. Kept until .+, then deleted\./)
    expect(entries[1]!.textContent).toContain('Failed: Storage refused the export.')
    const mine = screen.getByRole('region', { name: 'Your data' })
    expect(within(mine).getByRole('status').textContent).toMatch(/Being built/)
    // My own export in the making holds both buttons back (one at a time, as the server says).
    expect(screen.getByRole('button', { name: 'Export the workspace' })).toHaveProperty(
      'disabled',
      true
    )
    expect(screen.getByRole('button', { name: 'Export my data' })).toHaveProperty('disabled', true)

    fireEvent.click(within(entries[0]!).getByRole('button', { name: 'Get a download link' }))
    const link = await waitFor(() =>
      within(entries[0]!).getByRole('link', { name: 'Download the zip' })
    )
    expect(link.getAttribute('href')).toBe(
      'http://api.test/storage/v1/object/sign/exports/w/e1.zip?token=t'
    )
    expect(entries[0]!.textContent).toMatch(/This link works until .+ and only for you/)
    expect(data.signed).toEqual(['w/e1.zip'])
  })

  it('offers everyone else their own data only, and asks for it', () => {
    data.items = [item({ kind: 'workspace', requestedBy: 'owner', status: 'running' })]
    show(false, 'member')
    expect(screen.queryByRole('region', { name: 'The whole workspace' })).toBeNull()
    expect(screen.getByText('No export of your data yet.')).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Export my data' })
    expect(button).toHaveProperty('disabled', false)
    fireEvent.click(button)
    expect(data.requested).toEqual(['personal'])
  })

  it('shows every member what a workspace export holds; only owners choose it', () => {
    data.items = []
    scope.notice = {
      scope: 'all',
      changedAt: new Date().toISOString(),
      changedByName: 'Olga Owner',
      unseen: true,
    }
    show(false, 'member')
    const section = screen.getByRole('region', { name: 'What a workspace export holds' })
    expect(section.textContent).toContain('private channels, and direct and group messages')
    expect(section.textContent).toContain('Last changed by Olga Owner')
    expect(within(section).queryByRole('radio')).toBeNull()
    cleanup()

    scope.notice = { scope: 'public', changedAt: null, changedByName: null, unseen: false }
    show(true, 'owner')
    const owners = screen.getByRole('region', { name: 'What a workspace export holds' })
    expect(owners.textContent).toContain('public channels only')
    expect(within(owners).getByRole('radio', { name: /Public channels only/ })).toHaveProperty(
      'checked',
      true
    )
    fireEvent.click(within(owners).getByRole('radio', { name: /Everything/ }))
    expect(scope.set).toEqual(['all'])
  })

  it('tells a member that an owner changed what exports hold, until they dismiss it', () => {
    const banner = (workspaceName: string) =>
      render(
        <QueryClientProvider client={testQueryClient()}>
          <ExportNotice workspaceId="w" workspaceName={workspaceName} />
        </QueryClientProvider>
      )
    banner('Acme')
    expect(screen.queryByRole('status')).toBeNull()
    cleanup()
    scope.notice = {
      scope: 'all',
      changedAt: new Date().toISOString(),
      changedByName: 'Olga Owner',
      unseen: true,
    }
    banner('Acme')
    expect(screen.getByRole('status').textContent).toMatch(
      /^Olga Owner changed what exports of Acme hold \(.+\): they now hold private channels and direct messages too\./
    )
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }))
    expect(scope.dismissed).toBe(1)
  })
})
