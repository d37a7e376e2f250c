import { describe, expect, it } from 'vitest'
import { parseRoute, pathOf } from './routes.ts'

describe('the OAuth consent page route', () => {
  it('carries the request it answers, and renders back to the same address', () => {
    const route = parseRoute('/oauth/consent', '?authorization_id=ab-12&x=1')
    expect(route).toEqual({ name: 'oauth-consent', authorizationId: 'ab-12' })
    expect(pathOf(route)).toBe('/oauth/consent?authorization_id=ab-12')
  })

  it('is the page without a request when the address has none', () => {
    const route = parseRoute('/oauth/consent/')
    expect(route).toEqual({ name: 'oauth-consent', authorizationId: null })
    expect(pathOf(route)).toBe('/oauth/consent')
    expect(parseRoute('/oauth/other').name).toBe('not-found')
  })
})
