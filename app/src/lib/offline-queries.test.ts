// Which queries the device keeps for opening offline (offline-queries.ts).
import { describe, expect, it } from 'vitest'
import { isShellQuery } from './offline-queries.ts'

const query = (queryKey: unknown[], data: unknown) => ({
  queryKey,
  state: { status: 'success', data } as never,
})
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: String(i) }))

describe('isShellQuery', () => {
  it('keeps the workspace’s members however many, a channel’s roster up to 1,000', () => {
    expect(isShellQuery(query(['workspaces', 'w', 'members'], people(20_000)))).toBe(true)
    expect(isShellQuery(query(['channels', 'members', 'c'], people(1000)))).toBe(true)
    expect(isShellQuery(query(['channels', 'members', 'c'], people(1001)))).toBe(false)
    expect(isShellQuery(query(['channels', 'w', 'list'], []))).toBe(true)
  })
})
