// Issue 68, item 2: a text file in a message is a snippet: its first lines, Show more / Show
// less, its name, size and Download, code coloured by its language, plain text left as it is.
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import type { AttachmentInfo } from '../components/attachment-info.ts'
import TextSnippet, { firstLines } from './TextSnippet.tsx'
import { guessLanguage, languageByName } from '../../../ui/code/languages.ts'

// Storage as supabase-js answers: the file's bytes, and a signed URL for its download.
const files = vi.hoisted(() => new Map<string, Uint8Array>())
vi.mock('../../../lib/supabase.ts', () => ({
  storage: async () => ({
    from: () => ({
      download: async (path: string) => {
        const bytes = files.get(path)
        if (!bytes) return { data: null, error: new Error('Object not found') }
        return { data: { arrayBuffer: async () => bytes.slice().buffer }, error: null }
      },
      createSignedUrl: async (path: string, _: number, options?: { download?: string }) => ({
        data: { signedUrl: `http://api.test/sign/${path}?download=${options?.download ?? ''}` },
        error: null,
      }),
    }),
  }),
}))

const CODE = [
  'export function total(items: Item[]): number {',
  '  // the sum of the prices',
  '  let sum = 0',
  '  for (const item of items) sum += item.price',
  '  return sum',
  '}',
  '',
  "export const greeting = 'hello'",
].join('\n')

function show(name: string, content: string | Uint8Array) {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
  const path = `w1/c1/m1/f1-${name}`
  files.set(path, bytes)
  const attachment: AttachmentInfo = {
    id: 'f1',
    path,
    name,
    size: bytes.length,
    mime: 'text/plain',
    width: null,
    height: null,
  }
  render(
    <QueryClientProvider client={testQueryClient()}>
      <TextSnippet attachment={attachment} />
    </QueryClientProvider>
  )
  return screen.getByRole('figure', { name: `Snippet ${name}` })
}

const textOf = (snippet: HTMLElement) => snippet.querySelector('pre')!.textContent

afterEach(() => {
  cleanup()
  files.clear()
})

describe('TextSnippet', () => {
  it('shows the first five lines of code, coloured, and all of it once expanded', async () => {
    const user = userEvent.setup()
    const snippet = show('total.ts', CODE)
    expect(within(snippet).getByText('total.ts')).toBeTruthy()
    // coloured once the highlighter's chunk is in (its 22 grammars take a while to import on a
    // busy machine): the text unchanged, in token spans
    const keyword = await within(snippet).findAllByText('export', {}, { timeout: 10_000 })
    expect(keyword[0]!.className).toBe('hljs-keyword')
    expect(snippet.querySelector('.hljs-comment')?.textContent).toBe('// the sum of the prices')
    expect(textOf(snippet)).toBe(CODE.split('\n').slice(0, 5).join('\n'))
    expect(within(snippet).getByText(/8 lines · TypeScript/)).toBeTruthy()

    const more = within(snippet).getByRole('button', { name: 'Show more' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    await user.click(more)
    expect(textOf(snippet)).toBe(CODE)
    const less = within(snippet).getByRole('button', { name: 'Show less' })
    expect(less.getAttribute('aria-expanded')).toBe('true')
    expect(snippet.querySelector('pre')!.id).toBe(less.getAttribute('aria-controls'))
    await user.click(less)
    expect(textOf(snippet)).toBe(CODE.split('\n').slice(0, 5).join('\n'))
  })

  it('offers the file to download under its own name', async () => {
    const snippet = show('notes.md', '# Notes\n')
    const link = await within(snippet).findByRole('link', { name: 'Download notes.md' })
    await vi.waitFor(() =>
      expect(link.getAttribute('href')).toBe(
        'http://api.test/sign/w1/c1/m1/f1-notes.md?download=notes.md'
      )
    )
    expect(link.getAttribute('download')).toBe('notes.md')
  })

  it('leaves plain text as it is: no colours, no guess, markup as text', async () => {
    const log = [
      '2026-11-28 21:00:01 INFO started <b>server</b> on :8080',
      'if (x) { return 1 } // not code, a log line',
      '2026-11-28 21:00:02 WARN slow request',
    ].join('\n')
    const snippet = show('server.log', log)
    await vi.waitFor(() => expect(textOf(snippet)).toBe(log))
    expect(snippet.querySelector('pre span')).toBeNull()
    expect(snippet.querySelector('b')).toBeNull()
    // three lines: nothing more to show
    expect(within(snippet).queryByRole('button', { name: 'Show more' })).toBeNull()

    const prose = 'Dear team,\n\nthe offsite is on Friday. Bring a coat: it will be cold.\n'
    const letter = show('letter.txt', prose)
    await vi.waitFor(() => expect(textOf(letter)).toBe(prose.trimEnd()))
    expect(letter.querySelector('pre span')).toBeNull()
  })

  it('guesses the language of a paste of code', async () => {
    const python = Array.from(
      { length: 12 },
      (_, i) => `def step_${i}(self, value):\n    return self.scale * value + ${i}\n`
    ).join('\n')
    const snippet = show('Pasted text.txt', python)
    await vi.waitFor(() => expect(snippet.querySelector('.hljs-keyword')).not.toBeNull(), {
      timeout: 10_000,
    })
    expect(within(snippet).getByText(/Python/)).toBeTruthy()
  })

  it('says so when the file is not text, and keeps its download', async () => {
    const snippet = show('clip.ts', new Uint8Array([0x47, 0x00, 0xff, 0x10, 0x47]))
    expect(await within(snippet).findByText('No preview: this file is not text.')).toBeTruthy()
    expect(within(snippet).getByRole('link', { name: 'Download clip.ts' })).toBeTruthy()
  })
})

describe('snippet helpers', () => {
  it('cuts the first five lines, and at most 2,000 characters', () => {
    expect(firstLines('a\nb\nc')).toEqual({ head: 'a\nb\nc', all: true })
    expect(firstLines('1\n2\n3\n4\n5\n')).toEqual({ head: '1\n2\n3\n4\n5', all: true })
    expect(firstLines('1\n2\n3\n4\n5\n6')).toEqual({ head: '1\n2\n3\n4\n5', all: false })
    const long = 'x'.repeat(5000)
    expect(firstLines(long)).toEqual({ head: 'x'.repeat(2000), all: false })
  })

  it('knows a language by the file name, or guesses for a paste', () => {
    expect(languageByName('app.tsx')).toBe('typescript')
    expect(languageByName('Main.KT')).toBe('kotlin')
    expect(languageByName('Pasted text.txt')).toBe('guess')
    expect(languageByName('README')).toBe('guess')
    expect(languageByName('server.log')).toBeNull()
    expect(languageByName('data.csv')).toBeNull()
  })

  it('guesses code by telling signs, and never calls prose, a log or a table code', () => {
    expect(guessLanguage(CODE)).toBe('typescript')
    expect(guessLanguage("import { x } from './x'\nconsole.log(x)")).toBe('typescript')
    expect(guessLanguage('const a = require("a");\nmodule.exports = a')).toBe('javascript')
    expect(guessLanguage('def total(lines):\n    return sum(lines)\n')).toBe('python')
    expect(guessLanguage('{\n  "name": "chorus",\n  "ok": true\n}')).toBe('json')
    expect(guessLanguage('select id, name from people where team = 4;')).toBe('sql')
    expect(guessLanguage('package main\n\nfunc main() {}\n')).toBe('go')
    expect(guessLanguage('diff --git a/x b/x\n--- a/x\n+++ b/x\n')).toBe('diff')
    expect(guessLanguage('Dear team,\n\nthe offsite is on Friday: bring a coat.\n')).toBeNull()
    expect(guessLanguage('2026-11-28 21:00:01 INFO started on :8080 (select mode)\n')).toBeNull()
    expect(guessLanguage('name,price\nTea,3\nCoffee,4\n')).toBeNull()
  })
})
