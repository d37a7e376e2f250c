import { describe, expect, it } from 'vitest'
import { applyEdit, formatEdit } from './format-text.ts'
import type { Format } from './format-text.ts'

/** The text and selection after a format, the selection written as [ ] (a caret as |). */
function after(marked: string, format: Format): string {
  const start = marked.indexOf('[') >= 0 ? marked.indexOf('[') : marked.indexOf('|')
  const plain = marked.replace(/[[\]|]/g, '')
  const end = marked.indexOf('[') >= 0 ? marked.indexOf(']') - 1 : start
  const edit = formatEdit(plain, start, end, format)
  const text = applyEdit(plain, edit)
  if (edit.start === edit.end) return text.slice(0, edit.start) + '|' + text.slice(edit.start)
  return (
    text.slice(0, edit.start) + '[' + text.slice(edit.start, edit.end) + ']' + text.slice(edit.end)
  )
}

describe('formatEdit: inline formats', () => {
  it('wraps the selection in the markdown Chorus renders, keeping it selected', () => {
    expect(after('say [hello] now', 'bold')).toBe('say **[hello]** now')
    expect(after('say [hello] now', 'italic')).toBe('say _[hello]_ now')
    expect(after('say [hello] now', 'strike')).toBe('say ~~[hello]~~ now')
    expect(after('run [npm ci] now', 'code')).toBe('run `[npm ci]` now')
  })

  it('puts the caret between the marks when nothing is selected', () => {
    expect(after('say |', 'bold')).toBe('say **|**')
    expect(after('|', 'code')).toBe('`|`')
  })

  it('unwraps what is wrapped already, around the selection or inside it', () => {
    expect(after('say **[hello]** now', 'bold')).toBe('say [hello] now')
    expect(after('say [~~hello~~] now', 'strike')).toBe('say [hello] now')
  })

  it('leaves the spaces a double-click selects outside the marks', () => {
    expect(after('say [hello ]now', 'bold')).toBe('say **[hello]** now')
  })

  it('nests formats: bold then italic', () => {
    const bold = after('[hi]', 'bold')
    expect(bold).toBe('**[hi]**')
    expect(after(bold, 'italic')).toBe('**_[hi]_**')
  })
})

describe('formatEdit: links', () => {
  it('makes the words a link with "url" selected to be typed over', () => {
    expect(after('see [the docs]', 'link')).toBe('see [the docs]([url])')
  })

  it('makes a selected address the target, the caret where its words go', () => {
    expect(after('[https://example.com]', 'link')).toBe('[|](https://example.com)')
  })

  it('with nothing selected, puts the caret between the brackets', () => {
    expect(after('|', 'link')).toBe('[|](url)')
  })
})

describe('formatEdit: lines', () => {
  it('makes each selected line a list item, numbered in order', () => {
    expect(after('[one\ntwo]', 'bullet')).toBe('[- one\n- two]')
    expect(after('[one\ntwo\nthree]', 'numbered')).toBe('[1. one\n2. two\n3. three]')
  })

  it('takes the whole line of a caret, keeping the caret in its text', () => {
    expect(after('intro\nfi|rst', 'bullet')).toBe('intro\n- fi|rst')
    expect(after('|', 'quote')).toBe('> |')
  })

  it('turns a list off when every line is one, and one kind into another', () => {
    expect(after('[- one\n- two]', 'bullet')).toBe('[one\ntwo]')
    expect(after('[- one\n- two]', 'numbered')).toBe('[1. one\n2. two]')
    expect(after('[> a\n> b]', 'quote')).toBe('[a\nb]')
  })

  it('leaves blank lines between items as they are', () => {
    expect(after('[a\n\nb]', 'bullet')).toBe('[- a\n\n- b]')
  })
})

describe('formatEdit: code blocks', () => {
  it('fences the selection on lines of its own', () => {
    expect(after('see [a = 1\nb = 2] here', 'codeblock')).toBe(
      'see \n```\n[a = 1\nb = 2]\n```\n here'
    )
    expect(after('|', 'codeblock')).toBe('```\n|\n```')
  })

  it('takes the fences off a fenced selection', () => {
    expect(after('[```\nx\n```]', 'codeblock')).toBe('[x]')
  })
})
