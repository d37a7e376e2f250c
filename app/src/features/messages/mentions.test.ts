import { describe, expect, it } from 'vitest'
import { toEditable, toStorable } from './mentions.ts'
import { matchPeople } from './match-people.ts'

const ANN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
const ANN_LEE = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'
const ZOE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'
const people = [
  { id: ANN, name: 'Ann' },
  { id: ANN_LEE, name: 'Ann Lee' },
  { id: ZOE, name: 'Zoë 🌸' },
]
const names: Record<string, string> = { [ANN]: 'Ann', [ANN_LEE]: 'Ann Lee', [ZOE]: 'Zoë 🌸' }

describe('mentions', () => {
  it('stores known @names as ids, longest name first', () => {
    expect(toStorable('hi @Ann Lee and @Ann!', people).body).toBe(`hi <@${ANN_LEE}> and <@${ANN}>!`)
  })

  it('handles names with odd unicode', () => {
    expect(toStorable('@Zoë 🌸 look', people).body).toBe(`<@${ZOE}> look`)
  })

  it('does not treat emails or partial words as mentions', () => {
    expect(toStorable('mail ann@Ann.example or @Annabel', people)).toEqual({
      body: 'mail ann@Ann.example or @Annabel',
      unknown: ['Annabel'],
    })
  })

  it('round-trips through the editable form', () => {
    const stored = `<@${ANN_LEE}> ping <@${ZOE}>`
    const editable = toEditable(stored, (id) => names[id]!)
    expect(editable).toBe('@Ann Lee ping @Zoë 🌸')
    expect(toStorable(editable, people).body).toBe(stored)
  })

  it('stores @channel, @here, @everyone and a group as Slack does, and back', () => {
    const design = { id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', name: 'design' }
    const { body, unknown } = toStorable(
      '@here and @channel, @everyone: @design @designers',
      people,
      [design]
    )
    expect(body).toBe(
      `<!here> and <!channel>, <!everyone>: <!subteam^${design.id}|@design> @designers`
    )
    expect(unknown).toEqual(['designers'])
    expect(toEditable(body, (id) => names[id]!)).toBe(
      '@here and @channel, @everyone: @design @designers'
    )
    // Not inside a word or an address.
    expect(toStorable('mail team@here.example', people).body).toBe('mail team@here.example')
  })

  it('matches by any word of the name, case-insensitively', () => {
    expect(matchPeople(people, 'lee').map((p) => p.id)).toEqual([ANN_LEE])
    expect(matchPeople(people, 'zo').map((p) => p.id)).toEqual([ZOE])
  })
})
