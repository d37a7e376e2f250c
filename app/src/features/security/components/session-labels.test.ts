import { describe, expect, it } from 'vitest'
import { describeUserAgent, timeAgo } from './session-labels.ts'

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'Opera on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0', 'Firefox on Android'],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on ChromeOS',
    ],
  ])('%s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected)
  })

  it('says what it knows, or that it does not know', () => {
    expect(describeUserAgent('curl/8.5.0')).toBe('Unknown browser')
    expect(describeUserAgent('node')).toBe('Unknown browser')
    expect(describeUserAgent('Something (Windows NT 10.0)')).toBe('Windows')
    expect(describeUserAgent(null)).toBe('Unknown browser')
    expect(describeUserAgent('')).toBe('Unknown browser')
  })
})

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00Z')
  it.each([
    ['2026-11-23T12:00:00Z', 'just now'],
    ['2026-11-23T11:59:30Z', 'just now'],
    ['2026-11-23T11:59:00Z', '1 minute ago'],
    ['2026-11-23T11:55:00Z', '5 minutes ago'],
    ['2026-11-23T10:00:00Z', '2 hours ago'],
    ['2026-11-22T11:00:00Z', 'yesterday'],
    ['2026-11-20T12:00:00Z', '3 days ago'],
    ['2026-11-09T12:00:00Z', '2 weeks ago'],
    ['2026-08-23T12:00:00Z', '3 months ago'],
    ['2024-11-23T12:00:00Z', '2 years ago'],
    // A clock slightly ahead of this one is still "just now", never "in 5 seconds".
    ['2026-11-23T12:00:05Z', 'just now'],
  ])('%s', (at, expected) => {
    expect(timeAgo(at, now)).toBe(expected)
  })
})
