import { describe, expect, it, vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import GroupNames from './GroupNames.tsx'

describe('GroupNames', () => {
  it("offers the workspace's groups by handle, with who they are", async () => {
    const queries = testQueryClient({ enabled: false, staleTime: Infinity })
    queries.setQueryData(
      ['groups', 'w1'],
      [{ id: 'g1', handle: 'design', name: 'Design team', description: '', memberIds: ['a', 'b'] }]
    )
    const onNames = vi.fn()
    render(
      <QueryClientProvider client={queries}>
        <GroupNames workspaceId="w1" enabled onNames={onNames} />
      </QueryClientProvider>
    )
    await waitFor(() =>
      expect(onNames).toHaveBeenCalledWith([
        { id: 'g1', name: 'design', hint: 'Design team · 2 people' },
      ])
    )
  })
})
