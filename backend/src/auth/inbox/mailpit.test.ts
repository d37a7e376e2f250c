import { describe, expect, it } from 'vitest'
import { matchesQuery, parseQuery } from './mailpit.ts'
import type { StoredMessage } from './store.ts'
import { htmlToText, linksOf } from './store.ts'

const message: StoredMessage = {
  ID: 'abc',
  MessageID: 'abc@x',
  From: { Name: 'Admin', Address: 'admin@email.com' },
  To: [{ Name: '', Address: 'Ada@Example.com' }],
  Subject: 'Confirm Your Email',
  Created: '2024-01-01T00:00:00.000Z',
  Text: 'Follow this link',
  HTML: '<p>Follow this link</p>',
  Size: 10,
  Read: false,
}

describe('Mailpit search', () => {
  it('matches to:, from:, subject:, is: and free words, case-insensitively', () => {
    expect(matchesQuery(message, parseQuery('to:ada@example.com'))).toBe(true)
    expect(matchesQuery(message, parseQuery('to:bob@example.com'))).toBe(false)
    expect(matchesQuery(message, parseQuery('from:admin subject:"your email"'))).toBe(true)
    expect(matchesQuery(message, parseQuery('is:unread follow'))).toBe(true)
    expect(matchesQuery(message, parseQuery('is:read'))).toBe(false)
    expect(matchesQuery(message, parseQuery(''))).toBe(true)
  })
})

describe('htmlToText and linksOf', () => {
  it('keeps link targets and decodes entities', () => {
    const html = '<h2>Hi</h2><p><a href="http://x/v?a=1&amp;b=2">Go</a> &lt;now&gt;</p>'
    expect(htmlToText(html)).toBe('Hi\nGo ( http://x/v?a=1&b=2 ) <now>')
    expect(linksOf(html)).toEqual(['http://x/v?a=1&b=2'])
  })
})
