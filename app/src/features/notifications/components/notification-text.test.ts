import { describe, expect, it } from 'vitest'
import table from '../../../../../supabase/functions/_shared/body-text-cases.json'
import { mentionedIds } from '../../../lib/message-tokens.ts'
import { notificationText } from './notification-text.ts'

describe('notificationText', () => {
  it('shows mentions by the names given, else as @someone', () => {
    const id = '0B7F3C8E-2A52-4A4E-9A0B-8F7F0D5C9A11'
    const other = '1c2d3e4f-2a52-4a4e-9a0b-8f7f0d5c9a11'
    const body = `<@${id}> and <@${other}>, see <@${id}>`
    expect(mentionedIds(body)).toEqual([id.toLowerCase(), other])
    const names = new Map([[id.toLowerCase(), 'Pete Ray']])
    expect(notificationText(body, names)).toBe('@Pete Ray and @someone, see @Pete Ray')
  })

  it('shows mentions as @someone without names and drops markdown marks and runs of space', () => {
    expect(
      notificationText('hi <@0b7f3c8e-2a52-4a4e-9a0b-8f7f0d5c9a11>,\n**look**  at `this`')
    ).toBe('hi @someone, look at this')
  })

  it('cuts a long text at 140 characters and names an empty one', () => {
    const long = notificationText('a'.repeat(300))
    expect(long).toHaveLength(140)
    expect(long.endsWith('…')).toBe(true)
    expect(notificationText('***')).toBe('New message')
  })

  it('shows @channel, @here, @everyone and a group by its label', () => {
    expect(
      notificationText(
        '<!channel> and <!here>, <!everyone>: <!subteam^0b8f7a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b|@design> please'
      )
    ).toBe('@channel and @here, @everyone: @design please')
  })
})

// The same cases as the emails' and the pushes' (supabase/functions/_shared/body-text-cases.json).
describe('notificationText, by the shared table of cases', () => {
  const names = new Map(Object.entries(table.people))
  for (const c of table.cases) {
    it(c.name, () => expect(notificationText(c.body, names)).toBe(c.line))
  }
})
