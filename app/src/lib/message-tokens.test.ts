import { describe, expect, it } from 'vitest'
import table from '../../../supabase/functions/_shared/body-text-cases.json'
import { bodyAsLine, namesFrom } from '../../../supabase/functions/_shared/body-line.ts'
import { bodyAsText, mentionedIds, mentionsMany } from './message-tokens.ts'

const ANA = '0b9c3a1e-1111-2222-3333-444455556666'
const GROUP = '7d2f0c4b-aaaa-bbbb-cccc-ddddeeeeffff'
const names = new Map([[ANA, 'Ana']])
const nameOf = (id: string) => names.get(id) ?? 'someone'

describe('message tokens', () => {
  it('reads every token as people read it, ids in any case', () => {
    expect(
      bodyAsText(
        `<@${ANA.toUpperCase()}> <!here> <!channel> <!everyone> <!subteam^${GROUP}|@design> <!subteam^${GROUP.toUpperCase()}>`,
        nameOf
      )
    ).toBe('@Ana @here @channel @everyone @design @group')
  })

  it('leaves what only looks like a token as written', () => {
    const text = '<@not-an-id> <!someone> <!subteam^nope|@x> a < b'
    expect(bodyAsText(text, nameOf)).toBe(text)
    expect(mentionedIds(text)).toEqual([])
    expect(mentionsMany(text)).toBe(false)
  })

  it('lists the people mentioned once each, and tells a mention of many', () => {
    expect(mentionedIds(`<@${ANA}> and <@${ANA.toUpperCase()}>`)).toEqual([ANA])
    expect(mentionsMany('hi <!here>')).toBe(true)
    expect(mentionsMany(`for <!subteam^${GROUP}|@design>`)).toBe(true)
    expect(mentionsMany(`only <@${ANA}>`)).toBe(false)
  })
})

// The cases the emails (notifications-email-compose.test.ts) and the pushes (push-payload.test.ts)
// are tested against too.
describe('a body as text, by the shared table of cases', () => {
  const known = namesFrom(table.people, table.someone)
  for (const c of table.cases) {
    it(c.name, () => {
      expect(bodyAsText(c.body, known)).toBe(c.text)
      expect(bodyAsLine(c.body, known)).toBe(c.line)
    })
  }

  it('cuts a line at the length asked, with an ellipsis', () => {
    expect(bodyAsLine('**abc** def', known, 5)).toBe('abc …')
    expect(bodyAsLine('abc', known, 5)).toBe('abc')
  })
})
