import { describe, expect, it } from 'vitest'
import { parseRoute, pathOf } from './routes.ts'

// The installed app's shortcuts (public/manifest.webmanifest) name places without a workspace.
describe('routes: the shortcuts of the installed app', () => {
  it('reads and writes "Threads" and "New message" in the last workspace', () => {
    for (const then of ['threads', 'new-message'] as const) {
      const route = parseRoute(`/${then}/`)
      expect(route).toEqual({ name: 'last-workspace', then })
      expect(pathOf(route)).toBe(`/${then}`)
    }
  })

  it('reads and writes a workspace opened with "New message"', () => {
    const route = parseRoute('/w/ws1/new-message')
    expect(route).toEqual({
      name: 'workspace',
      workspaceId: 'ws1',
      channelId: null,
      newMessage: true,
    })
    expect(pathOf(route)).toBe('/w/ws1/new-message')
    expect(parseRoute('/w/ws1/c/ch1/new-message').name).toBe('not-found')
  })
})
