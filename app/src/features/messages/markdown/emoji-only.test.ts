import { describe, expect, it } from 'vitest'
import { isEmojiOnly } from './emoji-only.ts'
import { parseMarkdown } from './parse.ts'

const only = (body: string) => isEmojiOnly(parseMarkdown(body))

describe('isEmojiOnly', () => {
  it('is one to three emoji alone, spaces between them allowed', () => {
    expect(only('🎉')).toBe(true)
    expect(only('👍🏽 🇯🇵')).toBe(true)
    expect(only(' 👩‍👩‍👧❤️🏳️‍🌈 ')).toBe(true)
  })

  it('is not four or more, nor emoji with any other text', () => {
    expect(only('🎉🎉🎉🎉')).toBe(false)
    expect(only('yes 🎉')).toBe(false)
    expect(only('🎉!')).toBe(false)
    expect(only('plain words')).toBe(false)
  })

  it('is not an emoji in code, formatting, a quote or a list, nor two paragraphs', () => {
    expect(only('`🎉`')).toBe(false)
    expect(only('**🎉**')).toBe(false)
    expect(only('> 🎉')).toBe(false)
    expect(only('- 🎉')).toBe(false)
    expect(only('🎉\n\n🎉')).toBe(false)
  })

  it('is not an empty body', () => {
    expect(isEmojiOnly([])).toBe(false)
  })
})
