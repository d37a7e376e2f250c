import { describe, expect, it } from 'vitest'
import { parseRoute, pathOf } from '../lib/routes.ts'
import { headerParts } from './header-parts.tsx'
import { membersParts } from './members-parts.tsx'
import groupsInMembers from './groups/members-part.tsx'
import searchInHeader from './search/header-part.tsx'
import { workspaceView, workspaceViews } from './workspace-views.tsx'

describe('the workspace views slot', () => {
  it("finds the features' views, in their sidebar order, each at a path of its own", () => {
    const paths = workspaceViews.map((v) => v.path)
    expect(paths.filter((p) => ['threads', 'later'].includes(p))).toEqual(['threads', 'later'])
    expect(new Set(paths).size).toBe(paths.length)
    // not a path the workspace's routes already have
    for (const path of paths) expect(path).toMatch(/^[a-z][a-z-]*$/)
    expect(paths).not.toContain('new-message')
    expect(workspaceViews.map((v) => v.order)).toEqual(
      [...workspaceViews.map((v) => v.order)].sort((a, b) => a - b)
    )
  })

  it('opens a view by the path of the address; an unknown one is no view', () => {
    for (const { path } of workspaceViews) {
      const route = parseRoute(`/w/ws1/${path}`)
      expect(route).toEqual({ name: 'workspace', workspaceId: 'ws1', channelId: null, view: path })
      expect(pathOf(route)).toBe(`/w/ws1/${path}`)
      expect(workspaceView(path)?.View).toBeDefined()
    }
    expect(parseRoute('/w/ws1/nothing-here')).toMatchObject({ view: 'nothing-here' })
    expect(workspaceView('nothing-here')).toBeUndefined()
  })

  // The Threads view's chunk is the cards' live conversations, their tooltips and the message
  // body: a cold import takes seconds on a busy machine.
  it("has each view's code behind its load()", { timeout: 30_000 }, async () => {
    const threads = workspaceView('threads')!
    const loaded = await threads.load()
    expect(typeof loaded.default).toBe('function')
  })
})

describe("the channel header's and the members panel's slots", () => {
  it("find the features' parts, in their order", () => {
    expect(headerParts).toContain(searchInHeader)
    expect(membersParts).toContain(groupsInMembers)
    for (const list of [headerParts, membersParts]) {
      expect(list.map((p) => p.order)).toEqual([...list.map((p) => p.order)].sort((a, b) => a - b))
    }
  })

  it("has a members part's code behind its load()", async () => {
    const loaded = await groupsInMembers.load()
    expect(typeof loaded.default).toBe('function')
  })
})
