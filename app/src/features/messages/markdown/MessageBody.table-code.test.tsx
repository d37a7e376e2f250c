// MessageBody's tables and coloured code blocks.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { loadMarkdown } from './load.ts'
import { MessageBody } from './MessageBody.tsx'

const resolve = () => null

afterEach(cleanup)

describe('MessageBody tables and code', () => {
  beforeAll(() => loadMarkdown())

  it('renders a table with column headers, aligned by logical sides, that scrolls by keyboard', async () => {
    const body = '| Name | Score | Note |\n|:--|--:|:-:|\n| Ana | 42 | **top** |\n| Ben |'
    const { container } = render(<MessageBody body={body} resolveMention={resolve} />)
    // hidden, laid out as typed, until RichBlock's chunk is in
    const region = await screen.findByRole('group', { name: 'Table' })
    expect(region.tabIndex).toBe(0)
    expect(region.classList).toContain('table-scroll')
    const heads = screen.getAllByRole('columnheader')
    expect(heads.map((th) => th.textContent)).toEqual(['Name', 'Score', 'Note'])
    expect(heads.every((th) => th.getAttribute('scope') === 'col')).toBe(true)
    expect(heads.map((th) => th.style.textAlign)).toEqual(['start', 'end', 'center'])
    const rows = container.querySelectorAll('tbody tr')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.querySelector('strong')?.textContent).toBe('top')
    // the short row is padded to the header's width
    expect(rows[1]!.querySelectorAll('td')).toHaveLength(3)
    // each cell's text reads in its own direction
    for (const cell of container.querySelectorAll('th, td'))
      expect(cell.firstElementChild?.getAttribute('dir')).toBe('auto')
  })

  it('colours a fenced block in a language it knows, its text unchanged', async () => {
    render(
      <MessageBody body={'```ts\nconst answer: number = 42 // why\n```'} resolveMention={resolve} />
    )
    const block = await screen.findByRole('group', { name: 'Code block' })
    // code reads left to right, in a right-to-left message too
    expect(block.getAttribute('dir')).toBe('ltr')
    const code = block.firstElementChild!
    expect(code.textContent).toBe('const answer: number = 42 // why')
    // the highlighter's chunk (22 grammars) takes a while to import on a busy machine
    await waitFor(() => expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const'), {
      timeout: 10_000,
    })
    expect(code.querySelector('.hljs-comment')?.textContent).toBe('// why')
    expect(code.textContent).toBe('const answer: number = 42 // why')
  })

  it('recognises code in a fence without a tag by its telling signs', async () => {
    const { container } = render(
      <MessageBody body={'```\ndef greet(name):\n    return name\n```'} resolveMention={resolve} />
    )
    await waitFor(
      () => expect(container.querySelector('pre .hljs-keyword')?.textContent).toBe('def'),
      {
        timeout: 10_000,
      }
    )
  })

  it('leaves plain an unknown language, a text fence and output without signs', async () => {
    const bodies = [
      '```klingon\nconst x = 1\n```',
      '```text\nconst x = 1\n```',
      '```\nok 3 passed\n```',
    ]
    const { container } = render(
      <>
        {bodies.map((body) => (
          <MessageBody key={body} body={body} resolveMention={resolve} />
        ))}
        <MessageBody body={'```js\nlet ready = 1\n```'} resolveMention={resolve} />
      </>
    )
    // once the last one is coloured, the highlighter had its chance at the others
    await waitFor(() => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('let'), {
      timeout: 10_000,
    })
    const blocks = [...container.querySelectorAll('pre code')].slice(0, 3)
    for (const block of blocks) expect(block.querySelector('span')).toBeNull()
  })
})
