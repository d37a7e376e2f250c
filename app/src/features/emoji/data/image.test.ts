// The emoji → file mapping against the set the build ships (@twemoji/svg, read from disk): every
// emoji the picker offers, with every skin tone, has its file; and the rules one by one.
import { describe, expect, it } from 'vitest'
import data from '@emoji-mart/data'
import type { EmojiMartData } from '@emoji-mart/data'
import { emojiFileNames, installedEmojiDir } from '../../../../scripts/emoji-files.ts'
import { EMOJI_DIR, emojiFile } from './image.ts'

describe('emojiFile', () => {
  it('names a single emoji by its code point', () => {
    expect(emojiFile('😀')).toBe('1f600.svg')
    expect(emojiFile('🎉')).toBe('1f389.svg')
  })

  it('drops the emoji presentation selector (VS16) outside joined sequences', () => {
    expect(emojiFile('❤️')).toBe('2764.svg')
    expect(emojiFile('❤')).toBe('2764.svg')
    expect(emojiFile('©️')).toBe('a9.svg')
    expect(emojiFile('#️⃣')).toBe('23-20e3.svg')
    expect(emojiFile('✅')).toBe('2705.svg')
  })

  it('keeps skin tones as code points of their own', () => {
    expect(emojiFile('👍🏽')).toBe('1f44d-1f3fd.svg')
    expect(emojiFile('✋🏿')).toBe('270b-1f3ff.svg')
  })

  it('keeps every code point of a zero-width-joined sequence, VS16 included', () => {
    expect(emojiFile('👩‍💻')).toBe('1f469-200d-1f4bb.svg')
    expect(emojiFile('🏃🏻‍♀️')).toBe('1f3c3-1f3fb-200d-2640-fe0f.svg')
    expect(emojiFile('🏳️‍🌈')).toBe('1f3f3-fe0f-200d-1f308.svg')
    expect(emojiFile('👨‍👩‍👧‍👦')).toBe('1f468-200d-1f469-200d-1f467-200d-1f466.svg')
    // the one sequence Twemoji names without its selectors
    expect(emojiFile('👁️‍🗨️')).toBe('1f441-200d-1f5e8.svg')
  })

  it('names a flag by its two regional indicators', () => {
    expect(emojiFile('🇩🇪')).toBe('1f1e9-1f1ea.svg')
  })

  it('finds a file in the shipped set for every emoji the picker offers, every skin tone', async () => {
    const files = new Set(await emojiFileNames())
    expect(files.size).toBeGreaterThan(3500)
    const natives = Object.values((data as EmojiMartData).emojis).flatMap((e) =>
      e.skins.map((s) => s.native)
    )
    expect(natives.length).toBeGreaterThan(3000)
    expect(natives.filter((n) => !files.has(emojiFile(n)))).toEqual([])
  })

  it('asks for the folder of the version installed', async () => {
    expect(await installedEmojiDir()).toBe(EMOJI_DIR)
  })
})
