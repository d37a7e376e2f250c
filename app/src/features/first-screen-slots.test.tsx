// The first screen's slots (the composer's, the rail's) and the live parts' (loaded after it):
// each finds its features' parts by itself, and the rail adds up what its parts report.
import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { composerChecks, composerCommands } from './composer-parts.ts'
import groupsInComposer from './groups/composer-part.tsx'
import slashInComposer from './slash-commands/composer-part.ts'
import { useRailParts } from './rail-parts.tsx'
import notificationsInRail from './notifications/rail-part.tsx'
import { loadLiveParts } from './live-parts.tsx'
import groupsLive from './groups/live-part.tsx'
import statusLive from './status/live-part.tsx'

describe("the composer's slot", () => {
  it('lets slash commands claim a text that starts with one /', () => {
    expect(composerCommands).toContain(slashInComposer.command)
    const claims = (text: string) => composerCommands.some((c) => c.claims(text))
    expect(claims('/remind me in 5 minutes')).toBe(true)
    expect(claims('//not a command')).toBe(false)
    expect(claims('hello /there')).toBe(false)
  })

  it('asks before a body that mentions many, and never before another', () => {
    expect(composerChecks).toContain(groupsInComposer.beforeSend)
    const asks = (body: string) => composerChecks.some((c) => c.applies(body))
    expect(asks('<!channel> lunch')).toBe(true)
    expect(asks('<!subteam^dddddddd-dddd-4ddd-8ddd-dddddddddddd|@design> hi')).toBe(true)
    expect(asks('<@aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa> lunch?')).toBe(false)
    // The groups' handles: a lazy component (its chunk mounted after the first screen).
    expect(groupsInComposer.Names).toBeDefined()
  })
})

describe("the rail's slot", () => {
  it("shows each workspace's badge as its parts report it", () => {
    const { result } = renderHook(() => useRailParts())
    expect(result.current.parts.map((p) => p.part)).toContain(notificationsInRail.Part)
    expect(result.current.badgeOf('w1')).toEqual({ count: 0, bold: false })
    const part = result.current.parts.find((p) => p.part === notificationsInRail.Part)!
    act(() =>
      part.report(
        new Map([
          ['w1', { count: 3, bold: true }],
          ['w2', { count: 0, bold: true }],
        ])
      )
    )
    expect(result.current.badgeOf('w1')).toEqual({ count: 3, bold: true })
    expect(result.current.badgeOf('w2')).toEqual({ count: 0, bold: true })
    expect(result.current.badgeOf('w3')).toEqual({ count: 0, bold: false })
    act(() => part.report(new Map([['w1', { count: 1, bold: false }]])))
    expect(result.current.badgeOf('w1')).toEqual({ count: 1, bold: false })
    expect(result.current.badgeOf('w2')).toEqual({ count: 0, bold: false })
  })
})

describe('the live slot', () => {
  it("loads the features' live parts, which render nothing", async () => {
    const parts = await loadLiveParts()
    const mounted = parts.map((p) => p.Live)
    expect(mounted).toContain(statusLive.Live)
    expect(mounted).toContain(groupsLive.Live)
  })
})
