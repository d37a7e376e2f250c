import { describe, expect, it } from 'vitest'
import { parseRoute, pathOf } from './routes.ts'

describe('routes: Later', () => {
  it('reads and writes the Later view', () => {
    const route = parseRoute('/w/ws1/later/')
    expect(route).toEqual({ name: 'workspace', workspaceId: 'ws1', channelId: null, view: 'later' })
    expect(pathOf(route)).toBe('/w/ws1/later')
    expect(parseRoute('/w/ws1/later/x').name).toBe('not-found')
  })
})
