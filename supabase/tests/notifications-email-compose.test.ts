// The digest's text (supabase/functions/notifications-email/compose.ts) without a stack: each
// message's body as one line, by the table of cases the app's notifications and the pushes are
// tested against too (supabase/functions/_shared/body-text-cases.json), in the text part and,
// escaped, in the HTML part; a mention of someone unknown in the reader's language.
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../functions/_shared/email-i18n.ts'
import table from '../functions/_shared/body-text-cases.json'
import { compose } from '../functions/notifications-email/compose.ts'
import type { Item, Mail } from '../functions/notifications-email/compose.ts'

const item: Item = {
  message_id: 'm1',
  channel_id: 'c1',
  workspace_id: 'w1',
  workspace_name: 'Acme',
  channel_name: 'general',
  channel_kind: 'public',
  author_name: 'Ana',
  body: '',
  created_at: '2026-11-27T12:00:00Z',
}
const mailOf = (body: string): Mail => ({
  email: 'bo@example.com',
  display_name: 'Bo',
  unsubscribe_token: null,
  ids: [1],
  items: [{ ...item, body }],
})
const names = new Map(Object.entries(table.people))

describe("an email's message text, by the shared table of cases", () => {
  for (const c of table.cases) {
    it(c.name, () => {
      const { text, html } = compose(mailOf(c.body), 'en', 'https://chat.example', null, names)
      expect(text.split('\n')[3]).toBe(c.line)
      expect(html).toContain(`<br>${escapeHtml(c.line)}<br>`)
    })
  }
})

describe("an email's mentions", () => {
  it('show @channel, @here and a group by name, not as tokens', () => {
    const body = '<!channel> <!here> <!subteam^7d2f0c4b-aaaa-4bbb-8ccc-ddddeeeeffff|@designers>'
    const { text } = compose(mailOf(body), 'en', 'https://chat.example', null, names)
    expect(text).toContain('@channel @here @designers')
    expect(text).not.toContain('<!')
  })

  it('show someone unknown in the reader language', () => {
    const body = 'frag <@ffffffff-0000-4000-8000-000000000000>'
    expect(compose(mailOf(body), 'de', 'https://chat.example', null).text).toContain('frag @jemand')
  })
})
