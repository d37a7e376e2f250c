import { describe, expect, it } from 'vitest'
import { parseMarkdown } from './parse.ts'
import { splitEmoji } from '../../../lib/emoji-split.ts'

describe('splitEmoji', () => {
  it('makes each emoji a node of its own, the text around it kept', () => {
    expect(splitEmoji('ok 🎉 done')).toEqual([
      { type: 'text', text: 'ok ' },
      { type: 'emoji', text: '🎉' },
      { type: 'text', text: ' done' },
    ])
    expect(splitEmoji('no emoji here')).toEqual([{ type: 'text', text: 'no emoji here' }])
  })

  it('keeps a skin tone, a joined sequence, a flag and a keycap whole', () => {
    const emoji = (text: string) =>
      splitEmoji(text)
        .filter((n) => n.type === 'emoji')
        .map((n) => (n as { text: string }).text)
    expect(emoji('👍🏽👩‍👩‍👧🇯🇵1️⃣❤️🏳️‍🌈')).toEqual(['👍🏽', '👩‍👩‍👧', '🇯🇵', '1️⃣', '❤️', '🏳️‍🌈'])
  })

  it('leaves digits, #, © and ™ without the emoji selector as text', () => {
    expect(splitEmoji('#1 © 2026 ™')).toEqual([{ type: 'text', text: '#1 © 2026 ™' }])
  })

  it('reads each emoji of the shipped set, in each skin tone, whole, as \\p{RGI_Emoji} does', async () => {
    const data = (await import('@emoji-mart/data')).default as {
      emojis: Record<string, { skins: { native: string }[] }>
    }
    const natives = Object.values(data.emojis).flatMap((e) => e.skins.map((s) => s.native))
    expect(natives.length).toBeGreaterThan(3000)
    const whole = (text: string) => {
      const nodes = splitEmoji(text)
      return nodes.length === 1 && nodes[0]!.type === 'emoji'
    }
    expect(natives.filter((n) => !whole(n))).toEqual([])
    // In a text, the same emoji as Unicode's recommended set (the pattern it replaced).
    const rgi = new RegExp('\\p{RGI_Emoji}', 'gv')
    const text = natives.join(' a ') + ' 🏴󠁧󠁢󠁥󠁮󠁧󠁿 #️⃣ ☺ ♀ © ®️'
    const ours = splitEmoji(text).flatMap((n) => (n.type === 'emoji' ? [n.text] : []))
    expect(ours).toEqual([...text.matchAll(rgi)].map((m) => m[0]))
  })
})

describe('parseMarkdown with emoji', () => {
  it('finds them in formatting, quotes and lists, never in code', () => {
    expect(parseMarkdown('**yes 🎉** `🎉`\n\n> 👀\n\n- ✅')).toEqual([
      {
        type: 'paragraph',
        children: [
          {
            type: 'strong',
            children: [
              { type: 'text', text: 'yes ' },
              { type: 'emoji', text: '🎉' },
            ],
          },
          { type: 'text', text: ' ' },
          { type: 'code', text: '🎉' },
        ],
      },
      {
        type: 'quote',
        children: [{ type: 'paragraph', children: [{ type: 'emoji', text: '👀' }] }],
      },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[{ type: 'paragraph', children: [{ type: 'emoji', text: '✅' }] }]],
      },
    ])
  })

  it('reads a :shortcode: as an emoji of its own (a custom emoji, or its text)', () => {
    expect(splitEmoji('ship it :partyparrot: :blob-dance_2:!')).toEqual([
      { type: 'text', text: 'ship it ' },
      { type: 'emoji', text: ':partyparrot:' },
      { type: 'text', text: ' ' },
      { type: 'emoji', text: ':blob-dance_2:' },
      { type: 'text', text: '!' },
    ])
    // Slack's skin tone after a shortcode is part of it
    expect(splitEmoji(':wave::skin-tone-3: hi :+1:')).toEqual([
      { type: 'emoji', text: ':wave::skin-tone-3:' },
      { type: 'text', text: ' hi ' },
      { type: 'emoji', text: ':+1:' },
    ])
    // not capitals, spaces or more than 30 characters; never in code
    expect(splitEmoji(':Party: : x: :' + 'a'.repeat(31) + ':')).toEqual([
      { type: 'text', text: ':Party: : x: :' + 'a'.repeat(31) + ':' },
    ])
    expect(parseMarkdown('`:tada:`')).toEqual([
      { type: 'paragraph', children: [{ type: 'code', text: ':tada:' }] },
    ])
  })
})
