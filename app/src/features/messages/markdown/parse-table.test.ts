// GitHub-flavoured tables and code fences in the message tree (parse.ts).
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from './parse.ts'
import type { Block, Inline } from './tree.ts'

const text = (value: string): Inline[] => [{ type: 'text', text: value }]

function onlyTable(source: string): Extract<Block, { type: 'table' }> {
  const blocks = parseMarkdown(source)
  expect(blocks).toHaveLength(1)
  expect(blocks[0]!.type).toBe('table')
  return blocks[0] as Extract<Block, { type: 'table' }>
}

describe('tables', () => {
  it('reads a header, a delimiter row and rows', () => {
    expect(onlyTable('| Name | Role |\n| --- | --- |\n| Ana | Lead |\n| Ben | Design |')).toEqual({
      type: 'table',
      align: [null, null],
      head: [text('Name'), text('Role')],
      rows: [
        [text('Ana'), text('Lead')],
        [text('Ben'), text('Design')],
      ],
    })
  })

  it('needs no outer pipes, and a header alone is a table', () => {
    expect(onlyTable('a | b\n--|--')).toEqual({
      type: 'table',
      align: [null, null],
      head: [text('a'), text('b')],
      rows: [],
    })
  })

  it('reads the alignment as start, center and end', () => {
    const table = onlyTable('| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |')
    expect(table.align).toEqual(['start', 'center', 'end', null])
  })

  it('reads inline markup inside cells, emoji and mentions too', () => {
    const user = '0b7c6a1e-5d3f-4a2b-9c8d-7e6f5a4b3c2d'
    const table = onlyTable(`| What | Who |\n|---|---|\n| **ship** \`v2\` 🎉 | <@${user}> |`)
    expect(table.rows[0]).toEqual([
      [
        { type: 'strong', children: text('ship') },
        { type: 'text', text: ' ' },
        { type: 'code', text: 'v2' },
        { type: 'text', text: ' ' },
        { type: 'emoji', text: '🎉' },
      ],
      [{ type: 'mention', userId: user }],
    ])
  })

  it('keeps an escaped pipe inside a cell, in code too', () => {
    const table = onlyTable('| op | means |\n|---|---|\n| `a \\| b` | a or b \\| c |')
    expect(table.rows[0]).toEqual([[{ type: 'code', text: 'a | b' }], text('a or b | c')])
  })

  it('pads a short row and drops a long row’s extra cells, as GitHub does', () => {
    const table = onlyTable('| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |')
    expect(table.rows).toEqual([
      [text('1'), []],
      [text('1'), text('2')],
    ])
  })

  it('leaves a delimiter row of another width as text', () => {
    const blocks = parseMarkdown('| a | b |\n|---|\n| 1 | 2 |')
    expect(blocks.every((block) => block.type === 'paragraph')).toBe(true)
  })

  it('leaves pipes without a delimiter row as text', () => {
    expect(parseMarkdown('a | b\nc | d')).toEqual([
      {
        type: 'paragraph',
        children: [...text('a | b'), { type: 'br' }, ...text('c | d')],
      },
    ])
  })

  it('reads a table inside a quote and inside a list item, as GFM does', () => {
    const [quote] = parseMarkdown('> | a | b |\n> |---|---|\n> | 1 | 2 |')
    expect(quote).toMatchObject({ type: 'quote', children: [{ type: 'table' }] })
    const [list] = parseMarkdown('- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |')
    expect(list).toMatchObject({
      type: 'list',
      items: [[{ type: 'paragraph' }, { type: 'table' }]],
    })
  })

  it('ends at a blank line; text after it is a paragraph', () => {
    const blocks = parseMarkdown('| a |\n|---|\n| 1 |\n\nthat is all')
    expect(blocks.map((block) => block.type)).toEqual(['table', 'paragraph'])
  })

  it('reads a table of Arabic as any other', () => {
    const table = onlyTable('| الاسم | الدور |\n|---|--:|\n| آنا | قائدة |')
    expect(table.head).toEqual([text('الاسم'), text('الدور')])
    expect(table.align).toEqual([null, 'end'])
  })

  it('reads a huge table in good time', () => {
    const row = '| ' + Array.from({ length: 10 }, (_, i) => `cell ${i} **b**`).join(' | ') + ' |'
    const source = [
      '|' + ' h |'.repeat(10),
      '|' + '---|'.repeat(10),
      ...Array.from({ length: 250 }, () => row),
    ].join('\n')
    expect(source.length).toBeLessThan(40_000) // a message's most (messages_body_length)
    const started = performance.now()
    const table = onlyTable(source)
    expect(table.rows).toHaveLength(250)
    // linear in the rows: well under a second, with room for a busy machine
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

describe('code fences', () => {
  it('keep their language tag, its first word', () => {
    expect(parseMarkdown('```ts title="x"\nconst a = 1\n```')).toEqual([
      { type: 'code-block', lang: 'ts', text: 'const a = 1' },
    ])
  })

  it('without a tag have no language (colour.ts may recognise one)', () => {
    expect(parseMarkdown('```\nls -la\n```')).toEqual([
      { type: 'code-block', lang: null, text: 'ls -la' },
    ])
  })

  it('keep a table typed inside them as text', () => {
    expect(parseMarkdown('```\n| a |\n|---|\n```')).toEqual([
      { type: 'code-block', lang: null, text: '| a |\n|---|' },
    ])
  })
})
