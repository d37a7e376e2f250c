// The digest's text (supabase/functions/notifications-email/compose.ts) without a stack: each
// message's body as one line, by the table of cases the app's notifications and the pushes are
// tested against too (supabase/functions/_shared/body-text-cases.json), in the text part and,
// escaped, in the HTML part; a mention of someone unknown in the reader's language; no text when
// the workspace hides it.
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

describe('a workspace that hides message text', () => {
  it('mails who wrote where and the link, never the text (the claim leaves it out)', () => {
    const mail: Mail = { ...mailOf(''), items: [{ ...item, body: null, hidden: true }] }
    const { text, html } = compose(mail, 'en', 'https://chat.example', null)
    expect(text.split('\n').slice(2, 4)).toEqual([
      'Ana in #general (Acme):',
      'Open: https://chat.example/w/w1/c/c1/m/m1',
    ])
    expect(html).toContain('Ana</strong> in #general (Acme):<br><a href=')
  })
})
