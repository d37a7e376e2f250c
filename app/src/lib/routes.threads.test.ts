import { describe, expect, it } from 'vitest'
import { parseRoute, pathOf } from './routes.ts'

describe('routes: threads', () => {
  it('reads and writes a thread open beside its channel', () => {
    const route = parseRoute('/w/ws1/c/ch1/t/parent-1')
    expect(route).toEqual({
      name: 'workspace',
      workspaceId: 'ws1',
      channelId: 'ch1',
      messageId: null,
      threadId: 'parent-1',
    })
    expect(pathOf(route)).toBe('/w/ws1/c/ch1/t/parent-1')
  })

  it('reads and writes the Threads view', () => {
    const route = parseRoute('/w/ws1/threads/')
    expect(route).toEqual({
      name: 'workspace',
      workspaceId: 'ws1',
      channelId: null,
      view: 'threads',
    })
    expect(pathOf(route)).toBe('/w/ws1/threads')
    expect(parseRoute('/w/ws1/t/parent-1')).toEqual({
      name: 'not-found',
      path: '/w/ws1/t/parent-1',
    })
    expect(parseRoute('/w/ws1/c/ch1/m/a/t/b').name).toBe('not-found')
  })
})
