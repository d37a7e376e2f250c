import { describe, expect, it } from 'vitest'
import { parseRoute, pathOf } from './routes.ts'

describe('routes', () => {
  it('reads and writes a permalink to a message', () => {
    const route = parseRoute('/w/ws1/c/ch1/m/msg-1')
    expect(route).toEqual({
      name: 'workspace',
      workspaceId: 'ws1',
      channelId: 'ch1',
      messageId: 'msg-1',
    })
    expect(pathOf(route)).toBe('/w/ws1/c/ch1/m/msg-1')
  })

  it('keeps channel and workspace paths as they were', () => {
    expect(pathOf(parseRoute('/w/ws1/c/ch1'))).toBe('/w/ws1/c/ch1')
    expect(parseRoute('/w/ws1')).toEqual({
      name: 'workspace',
      workspaceId: 'ws1',
      channelId: null,
      messageId: null,
    })
    expect(parseRoute('/w/ws1/m/msg-1')).toEqual({ name: 'not-found', path: '/w/ws1/m/msg-1' })
  })
})
