import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { loadMarkdown, markdownState } from './load.ts'
import { MessageBody } from './MessageBody.tsx'

const ME = '11111111-1111-4111-8111-111111111111'
const BOB = '22222222-2222-4222-8222-222222222222'
const names: Record<string, string> = { [ME]: 'Me Myself', [BOB]: 'Bob' }
const resolve = (id: string) => (names[id] ? { name: names[id]!, isMe: id === ME } : null)

afterEach(cleanup)

// First in the file: the parser's chunk is not loaded yet.
describe('MessageBody before the parser is loaded', () => {
  it('shows plain text at once, and markup only once formatted, never as typed', async () => {
    expect(markdownState()).toBe('idle')
    const plain = render(<MessageBody body={'hello there\nsecond line'} resolveMention={resolve} />)
    expect(plain.container.querySelector('p')?.innerHTML).toBe('hello there<br>second line')
    const rich = render(<MessageBody body="**done** _now_" resolveMention={resolve} />)
    const body = rich.container.querySelector<HTMLElement>('.message-body')!
    // Laid out but hidden, and the parser is on its way.
    expect(body.style.visibility).toBe('hidden')
    expect(body.getAttribute('aria-busy')).toBe('true')
    expect(body.querySelector('strong')).toBeNull()
    expect(markdownState()).toBe('loading')
    await waitFor(() => expect(rich.container.querySelector('strong')?.textContent).toBe('done'))
    const shown = rich.container.querySelector<HTMLElement>('.message-body')!
    expect(shown.style.visibility).toBe('')
    expect(shown.getAttribute('aria-busy')).toBeNull()
    expect(rich.container.querySelector('em')?.textContent).toBe('now')
    expect(markdownState()).toBe('ready')
  })
})

describe('MessageBody', () => {
  beforeAll(() => loadMarkdown())

  it('shows 1-3 emoji alone large, and emoji among words at the text’s size', async () => {
    const large = render(<MessageBody body="🎉 👍" resolveMention={resolve} />)
    await waitFor(() => expect(large.container.querySelectorAll('img.emoji')).toHaveLength(2))
    expect(large.container.querySelector('.message-body')!.classList).toContain('emoji-only')
    const inline = render(<MessageBody body="done 🎉" resolveMention={resolve} />)
    await waitFor(() => expect(inline.container.querySelector('img.emoji')).not.toBeNull())
    expect(inline.container.querySelector('.message-body')!.classList).not.toContain('emoji-only')
  })

  it('renders formatting as elements', () => {
    const { container } = render(
      <MessageBody body={'**b** _i_ ~~s~~ `c`\n\n- one\n- two'} resolveMention={resolve} />
    )
    expect(container.querySelector('strong')?.textContent).toBe('b')
    expect(container.querySelector('em')?.textContent).toBe('i')
    expect(container.querySelector('del')?.textContent).toBe('s')
    expect(container.querySelector('code')?.textContent).toBe('c')
    expect(container.querySelectorAll('ul > li')).toHaveLength(2)
  })

  it('shows script and event-handler HTML as text and creates no such elements', () => {
    const body = '<script>window.hacked = 1</script>\n\n<img src=x onerror="window.hacked=1">'
    const { container } = render(<MessageBody body={body} resolveMention={resolve} />)
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toContain('<script>window.hacked = 1</script>')
    expect(container.textContent).toContain('<img src=x onerror="window.hacked=1">')
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined()
  })

  it('never links to javascript: and opens safe links in a new tab without opener', () => {
    const { container } = render(
      <MessageBody
        body="[bad](javascript:alert(1)) [good](https://example.com)"
        resolveMention={resolve}
      />
    )
    const links = container.querySelectorAll('a')
    expect(links).toHaveLength(1)
    expect(links[0]!.getAttribute('href')).toBe('https://example.com/')
    expect(links[0]!.getAttribute('rel')).toContain('noopener')
    expect(container.textContent).toContain('[bad](javascript:alert(1))')
  })

  it('renders mentions by current name and highlights mentions of me', () => {
    const { container } = render(
      <MessageBody body={`<@${BOB}> ping <@${ME}>`} resolveMention={resolve} />
    )
    const mentions = container.querySelectorAll('.mention')
    expect([...mentions].map((m) => m.textContent)).toEqual(['@Bob', '@Me Myself'])
    expect(mentions[1]!.classList.contains('mention-me')).toBe(true)
    expect(mentions[0]!.classList.contains('mention-me')).toBe(false)
  })

  it('keeps code block text verbatim', async () => {
    const { container } = render(
      <MessageBody body={'```\n<b>not bold</b>\n  indented\n```'} resolveMention={resolve} />
    )
    // code blocks and tables are RichBlock's lazy chunk
    await screen.findByRole('group', { name: 'Code block' })
    expect(container.querySelector('pre code')?.textContent).toBe('<b>not bold</b>\n  indented')
    expect(container.querySelector('b')).toBeNull()
  })

  it('lets the keyboard reach a code block, which scrolls sideways, named for what it is', async () => {
    const { container } = render(
      <MessageBody body={'```ts\nconst x = 1\n```\n\n```\nplain\n```'} resolveMention={resolve} />
    )
    await screen.findAllByRole('group', { name: 'Code block' })
    const blocks = [...container.querySelectorAll('pre')]
    expect(blocks.map((b) => b.tabIndex)).toEqual([0, 0])
    expect(screen.getAllByRole('group', { name: 'Code block' }).map((b) => b.textContent)).toEqual([
      'const x = 1',
      'plain',
    ])
  })

  it('puts "(edited)" inside the last paragraph, on the text\'s last line', () => {
    const { container } = render(
      <MessageBody body={'first\n\nlast line'} resolveMention={resolve} editedTitle="Edited" />
    )
    const paragraphs = container.querySelectorAll('p')
    expect(paragraphs).toHaveLength(2)
    expect(paragraphs[1]!.textContent).toBe('last line(edited)')
    expect(paragraphs[1]!.querySelector('.edited-mark')?.getAttribute('title')).toBe('Edited')
    expect(container.querySelectorAll('.edited-mark')).toHaveLength(1)
  })

  it('puts "(edited)" after a message that ends in a block other than a paragraph', async () => {
    const { container } = render(
      <MessageBody body={'```\ncode\n```'} resolveMention={resolve} editedTitle="Edited" />
    )
    await screen.findByRole('group', { name: 'Code block' })
    expect(container.querySelector('pre')?.textContent).toBe('code')
    expect(container.querySelector('.message-body > .edited-mark')?.textContent).toBe('(edited)')
  })

  it('shows no mark for a message never edited', () => {
    const { container } = render(<MessageBody body="plain" resolveMention={resolve} />)
    expect(container.querySelector('.edited-mark')).toBeNull()
  })
})

describe('MessageBody with emoji', () => {
  beforeAll(() => loadMarkdown())

  it('shows each emoji as the shipped image, the character its alt text, loaded lazily', () => {
    const { container } = render(<MessageBody body="ship it 🚀👍🏽" resolveMention={resolve} />)
    const images = [...container.querySelectorAll('img')]
    expect(images.map((i) => [i.alt, i.getAttribute('src'), i.getAttribute('loading')])).toEqual([
      ['🚀', '/assets/twemoji-15.0.0/1f680.svg', 'lazy'],
      ['👍🏽', '/assets/twemoji-15.0.0/1f44d-1f3fd.svg', 'lazy'],
    ])
    expect(container.querySelector('p')?.textContent).toBe('ship it ')
  })
})

describe('MessageBody direction', () => {
  it('takes the direction of its own text (dir="auto"): Arabic right to left in any interface', async () => {
    await loadMarkdown()
    for (const body of ['مرحبا بالجميع.', 'مرحبا **بالجميع**.']) {
      const { container } = render(<MessageBody body={body} resolveMention={resolve} />)
      await waitFor(() => expect(container.querySelector('p')).not.toBeNull())
      expect(container.querySelector('.message-body')!.getAttribute('dir')).toBe('auto')
      cleanup()
    }
  })
})
