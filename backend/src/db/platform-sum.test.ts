// A platform file is applied once per database and never again: once recorded in platform.sum it
// must not change (a change is a new file), nor disappear, and every file must be recorded.
import { describe, expect, it } from 'vitest'
import { platformHashes, recordedHashes } from './platform-sum.ts'

describe('platform.sum', () => {
  it('records every platform file, unchanged since it was recorded', async () => {
    const files = await platformHashes()
    const recorded = await recordedHashes()
    expect(recorded.size).toBeGreaterThan(0)
    const changed = [...recorded].filter(
      ([name, hash]) => files.has(name) && files.get(name) !== hash
    )
    expect(
      changed.map(([name]) => name),
      'changed: add a new platform file instead'
    ).toEqual([])
    const removed = [...recorded.keys()].filter((name) => !files.has(name))
    expect(removed, 'removed: databases keep them recorded').toEqual([])
    const unrecorded = [...files.keys()].filter((name) => !recorded.has(name))
    expect(unrecorded, 'new: run npm run -w @chorus/backend platform:record').toEqual([])
  })
})
