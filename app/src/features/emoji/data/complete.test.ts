import { describe, expect, it } from 'vitest'
import data from '@emoji-mart/data'
import type { EmojiMartData } from '@emoji-mart/data'
import { completeEmoji } from './complete.ts'
import type { CompletionData } from './complete.ts'

const DATA = data as EmojiMartData
const base: CompletionData = {
  emojis: Object.values(DATA.emojis),
  aliases: DATA.aliases,
  custom: [
    { id: 'c1', code: ':partyparrot:', names: ['partyparrot', 'parrot-party'] },
    { id: 'c2', code: ':shipit:', names: ['shipit', 'squirrel'] },
  ],
  local: null,
  recent: [],
  skin: 0,
}
const codes = (query: string, over: Partial<CompletionData> = {}) =>
  completeEmoji(query, { ...base, ...over }).map((c) => c.code)

describe('completeEmoji', () => {
  it('lists the custom and shipped emoji a :query starts, the exact one first', () => {
    const found = completeEmoji('party', base)
    expect(found[0]).toMatchObject({
      code: ':partyparrot:',
      emoji: ':partyparrot:',
      insert: ':partyparrot:',
    })
    expect(found.map((c) => c.code)).toContain(':partying_face:')
    expect(codes('parrot')[0]).toBe(':parrot:')
    expect(codes('parrot')).toContain(':partyparrot:')
    expect(completeEmoji('smile', base)[0]).toMatchObject({ code: ':smile:', insert: '😄' })
  })

  it('finds a custom emoji by its alias, and writes its name', () => {
    expect(completeEmoji('parrot-pa', base).slice(0, 1)).toEqual([
      {
        key: 'c1',
        code: ':partyparrot:',
        emoji: ':partyparrot:',
        insert: ':partyparrot:',
        hint: ':parrot-party:',
      },
    ])
    expect(completeEmoji('squirr', base)[0]).toMatchObject({ code: ':shipit:', hint: ':squirrel:' })
  })

  it('finds the shipped set by its other shortcodes and its words', () => {
    expect(completeEmoji('thumbsu', base)[0]).toMatchObject({ code: ':thumbsup:', insert: '👍' })
    expect(completeEmoji('+1', base)[0]).toMatchObject({ code: ':+1:', insert: '👍' })
    // words after the first come after those that start with the query
    const all = completeEmoji('smil', base, 100).map((c) => c.code)
    expect(all.indexOf(':smile:')).toBeGreaterThanOrEqual(0)
    expect(all.indexOf(':smile:')).toBeLessThan(all.indexOf(':slightly_smiling_face:'))
  })

  it('writes the skin tone chosen, and puts the emoji used last first within a rank', () => {
    expect(completeEmoji('+1', { ...base, skin: 3 })[0]!.insert).toBe('👍🏽')
    const plain = codes('sm')
    const last = plain[plain.length - 1]!
    const recent = completeEmoji('sm', base).find((c) => c.code === last)!.insert
    expect(codes('sm', { recent: [recent] }).indexOf(last)).toBeLessThan(plain.indexOf(last))
  })

  it('ranks the names in the person’s language as shortcodes', () => {
    const local = {
      [String.fromCodePoint(0x2764)]: ['rotes Herz'],
      [String.fromCodePoint(0x1f498)]: ['Herz mit Pfeil'],
      [String.fromCodePoint(0x2665)]: ['Herz'],
    }
    expect(codes('herz', { local }).slice(0, 3)).toEqual([':hearts:', ':cupid:', ':heart:'])
  })

  it('finds and names them in the person’s language', () => {
    const local = {
      [String.fromCodePoint(0x1f604)]: ['grinsendes Gesicht mit lachenden Augen', 'lachen'],
    }
    const found = completeEmoji('grinsend', { ...base, local })
    expect(found[0]).toMatchObject({
      code: ':smile:',
      hint: 'grinsendes Gesicht mit lachenden Augen',
    })
  })

  it('lists ten at most, and nothing for nothing', () => {
    expect(codes('a')).toHaveLength(10)
    expect(codes('')).toEqual([])
    expect(codes('zzzzqq')).toEqual([])
  })
})
