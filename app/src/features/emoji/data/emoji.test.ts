import { describe, expect, it } from 'vitest'
import { memoryStore } from '../../../lib/local-store.ts'
import { MAX_RECENT, readPrefs, rememberEmoji, saveSkin } from './prefs.ts'
import { emojiName, searchEmoji, withSkin } from './search.ts'
import { namesKey } from './names.ts'
import type { EmojiEntry } from './search.ts'

const thumbs: EmojiEntry = {
  id: '+1',
  name: 'Thumbs Up',
  keywords: ['thumbsup', 'yes', 'like'],
  skins: [{ native: '👍' }, { native: '👍🏻' }, { native: '👍🏼' }],
}
const party: EmojiEntry = {
  id: 'tada',
  name: 'Party Popper',
  keywords: ['celebrate'],
  skins: [{ native: '🎉' }],
}

describe('searchEmoji', () => {
  it('matches every word at the start of a word of the name, id or keywords', () => {
    expect(searchEmoji([thumbs, party], 'thu up')).toEqual([thumbs])
    expect(searchEmoji([thumbs, party], 'CELEB')).toEqual([party])
    expect(searchEmoji([thumbs, party], 'popper tada')).toEqual([party])
    expect(searchEmoji([thumbs, party], 'umbs')).toEqual([])
    expect(searchEmoji([thumbs, party], '  ')).toEqual([])
  })

  it('finds by the name and keywords in the person’s language anywhere in them, and by English', () => {
    const ja = { '👍': ['サムズアップ', 'いいね', '親指'], '🎉': ['クラッカー', 'お祝い'] }
    expect(searchEmoji([thumbs, party], 'いいね', 120, ja)).toEqual([thumbs])
    expect(searchEmoji([thumbs, party], '祝', 120, ja)).toEqual([party])
    expect(searchEmoji([thumbs, party], 'thumbs', 120, ja)).toEqual([thumbs])
    expect(searchEmoji([thumbs, party], 'いいね', 120, null)).toEqual([])
    expect(emojiName(thumbs, ja)).toBe('サムズアップ')
    expect(emojiName(thumbs, null)).toBe('Thumbs Up')
    expect(namesKey('❤️')).toBe('❤')
    expect(namesKey('👍🏽')).toBe('👍')
  })

  it('gives the skin tone where there is one', () => {
    expect(withSkin(thumbs, 2)).toBe('👍🏼')
    expect(withSkin(party, 2)).toBe('🎉')
  })
})

describe('emoji prefs', () => {
  it('keeps recent emoji per person, newest first, once each, at most 24', () => {
    const store = memoryStore()
    rememberEmoji('ann', '👍', store)
    rememberEmoji('ann', '🎉', store)
    rememberEmoji('ann', '👍', store)
    expect(readPrefs('ann', store).recent).toEqual(['👍', '🎉'])
    expect(readPrefs('bob', store).recent).toEqual([])
    for (let i = 0; i < 30; i++) rememberEmoji('ann', String(i), store)
    expect(readPrefs('ann', store).recent).toHaveLength(MAX_RECENT)
  })

  it('keeps the skin tone, and never the person id in the key', () => {
    const store = memoryStore()
    const keys: string[] = []
    const spy = { ...store, setItem: (k: string, v: string) => (keys.push(k), store.setItem(k, v)) }
    saveSkin('a6f0c1e2-0000-4000-8000-000000000001', 3, spy)
    expect(readPrefs('a6f0c1e2-0000-4000-8000-000000000001', spy).skin).toBe(3)
    expect(keys.some((k) => k.includes('a6f0c1e2'))).toBe(false)
  })
})
