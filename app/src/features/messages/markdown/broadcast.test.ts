import { describe, expect, it } from 'vitest'
import { parseMarkdown } from './parse.ts'

const GROUP = '0b8f7a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'

describe('mentions of many', () => {
  it('reads <!channel>, <!here>, <!everyone> and a labelled group as mentions', () => {
    expect(parseMarkdown(`<!channel> <!here> <!everyone> <!subteam^${GROUP}|@design>`)).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'broadcast', word: 'channel' },
          { type: 'text', text: ' ' },
          { type: 'broadcast', word: 'here' },
          { type: 'text', text: ' ' },
          { type: 'broadcast', word: 'everyone' },
          { type: 'text', text: ' ' },
          { type: 'group', groupId: GROUP, label: 'design' },
        ],
      },
    ])
  })

  it('keeps anything else between <! and > as text', () => {
    const [paragraph] = parseMarkdown('<!all> <!subteam^nope> hi')
    expect(paragraph).toEqual({
      type: 'paragraph',
      children: [{ type: 'text', text: '<!all> <!subteam^nope> hi' }],
    })
  })
})
