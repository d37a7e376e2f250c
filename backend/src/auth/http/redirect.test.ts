import { describe, expect, it } from 'vitest'
import { compileAllowList, globToRegExp, isRedirectUrlValid, referrerOf } from './redirect.ts'

const SITE = 'http://127.0.0.1:3000'

describe('globToRegExp (gobwas/glob with . and / separators)', () => {
  const cases: [string, string, boolean][] = [
    ['http://localhost:3000/*', 'http://localhost:3000/a', true],
    ['http://localhost:3000/*', 'http://localhost:3000/a/b', false],
    ['http://localhost:3000/**', 'http://localhost:3000/a/b?c=d', true],
    ['https://*.example.com', 'https://app.example.com', true],
    ['https://*.example.com', 'https://a.b.example.com', false],
    ['https://**.example.com', 'https://a.b.example.com', true],
    ['https://?.example.com', 'https://x.example.com', true],
    ['https://?.example.com', 'https://xy.example.com', false],
    ['https://app-[a-c].example.com', 'https://app-b.example.com', true],
    ['https://app-[!a-c].example.com', 'https://app-b.example.com', false],
    ['https://{app,www}.example.com', 'https://www.example.com', true],
    ['https://{app,www}.example.com', 'https://api.example.com', false],
    ['https://example.com/a\\*b', 'https://example.com/a*b', true],
    ['https://example.com/a\\*b', 'https://example.com/axb', false],
  ]
  for (const [pattern, url, expected] of cases) {
    it(`${pattern} ${expected ? 'matches' : 'does not match'} ${url}`, () => {
      expect(globToRegExp(pattern)?.test(url)).toBe(expected)
    })
  }

  it('gives up on malformed patterns', () => {
    expect(globToRegExp('https://[abc.example.com')).toBeNull()
    expect(globToRegExp('https://{a,b.example.com')).toBeNull()
  })
})

describe('isRedirectUrlValid', () => {
  const allow = compileAllowList(['https://app.example.com/**', 'myapp://callback', 'bad[glob'])

  it('accepts any URL on the site URL host', () => {
    expect(isRedirectUrlValid(SITE, allow, 'http://127.0.0.1:5173/anything')).toBe(true)
  })

  it('accepts allow-listed URLs and exact non-glob entries', () => {
    expect(isRedirectUrlValid(SITE, allow, 'https://app.example.com/x/y')).toBe(true)
    expect(isRedirectUrlValid(SITE, allow, 'myapp://callback')).toBe(true)
    expect(isRedirectUrlValid(SITE, allow, 'bad[glob')).toBe(true)
  })

  it('refuses everything else, including look-alike hosts', () => {
    expect(isRedirectUrlValid(SITE, allow, '')).toBe(false)
    expect(isRedirectUrlValid(SITE, allow, 'https://evil.example.net')).toBe(false)
    expect(isRedirectUrlValid(SITE, allow, 'http://127.0.0.1:3000@evil.com/')).toBe(false)
    expect(isRedirectUrlValid(SITE, allow, 'https://app.example.com.evil.com/')).toBe(false)
    expect(isRedirectUrlValid(SITE, allow, 'javascript:alert(1)')).toBe(false)
  })
})

describe('referrerOf', () => {
  const allow = compileAllowList(['https://app.example.com/**'])
  it('prefers redirect_to, then the Referer, then the site URL', () => {
    expect(referrerOf(SITE, allow, { query: 'https://app.example.com/a' })).toBe(
      'https://app.example.com/a'
    )
    expect(
      referrerOf(SITE, allow, { query: 'https://evil.com', referer: 'https://app.example.com/r' })
    ).toBe('https://app.example.com/r')
    expect(
      referrerOf(SITE, allow, { query: 'https://evil.com', referer: 'https://evil.com' })
    ).toBe(SITE)
  })
})
