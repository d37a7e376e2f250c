import { describe, expect, it } from 'vitest'
import { parsePollCommand } from './poll-text.ts'
import { choiceAfter, withChoice } from './polls.ts'
import type { Poll } from './polls.ts'

describe('parsePollCommand', () => {
  it("reads Slack's one line and Zulip's lines", () => {
    expect(parsePollCommand('Lunch? | Pizza |  Sushi  ')).toEqual({
      kind: 'poll',
      question: 'Lunch?',
      options: ['Pizza', 'Sushi'],
    })
    expect(parsePollCommand('Lunch?\n- Pizza\n2. Sushi\n\n* Salad')).toEqual({
      kind: 'poll',
      question: 'Lunch?',
      options: ['Pizza', 'Sushi', 'Salad'],
    })
    expect(parsePollCommand('Pick | a \\| b | c')).toMatchObject({ options: ['a | b', 'c'] })
  })

  it('asks for what is missing, and refuses what cannot be a poll', () => {
    expect(parsePollCommand('')).toEqual({ kind: 'ask', question: '', options: [] })
    expect(parsePollCommand('Lunch? | Pizza')).toEqual({
      kind: 'ask',
      question: 'Lunch?',
      options: ['Pizza'],
    })
    expect(parsePollCommand('Tea? | Yes | yes').kind).toBe('error')
    expect(parsePollCommand(`Q | ${Array.from({ length: 11 }, (_, i) => i).join(' | ')}`)).toEqual(
      expect.objectContaining({ kind: 'error' })
    )
  })
})

const poll = (multiple: boolean): Poll => ({
  id: 'p',
  messageId: 'm',
  authorId: 'a',
  question: 'Q',
  multiple,
  anonymous: false,
  endsAt: null,
  closedAt: null,
  voters: 1,
  options: [
    { id: 'x', label: 'X', votes: 1, mine: true, votedBy: ['me'] },
    { id: 'y', label: 'Y', votes: 0, mine: false, votedBy: [] },
  ],
})

describe('a vote', () => {
  it('moves one choice in a single-choice poll, toggles in a multiple one', () => {
    expect(choiceAfter(poll(false), 'y')).toEqual(['y'])
    expect(choiceAfter(poll(false), 'x')).toEqual([])
    expect(choiceAfter(poll(true), 'y')).toEqual(['x', 'y'])
    expect(choiceAfter(poll(true), 'x')).toEqual([])
  })

  it('shows the counts and voters at once', () => {
    const after = withChoice(poll(false), ['y'], 'me')
    expect(after.options.map((o) => [o.votes, o.mine, o.votedBy])).toEqual([
      [0, false, []],
      [1, true, ['me']],
    ])
    expect(after.voters).toBe(1)
    expect(withChoice(poll(false), [], 'me').voters).toBe(0)
  })
})
