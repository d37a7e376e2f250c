// What the composer's formatting toolbar and its shortcuts do to the text (pure): wrap the
// selection in the markdown Chorus renders (markdown/parse.ts: GFM with **bold**, _italic_,
// ~~strike~~, `code`, [links](url), - and 1. lists, > quotes and ``` blocks), or unwrap it when it
// is wrapped already, so the same button turns a format on and off. Each is an edit of one range
// (so the textarea's own undo keeps it: apply-edit.ts) and the selection after it.

export type Format =
  'bold' | 'italic' | 'strike' | 'code' | 'link' | 'bullet' | 'numbered' | 'quote' | 'codeblock'

/** Replace text[from, to) by `insert`; then select [start, end) of the new text. */
export interface Edit {
  from: number
  to: number
  insert: string
  start: number
  end: number
}

const MARKS: Partial<Record<Format, string>> = { bold: '**', italic: '_', strike: '~~', code: '`' }

/** The edit a format makes of `text` with [start, end) selected. */
export function formatEdit(text: string, start: number, end: number, format: Format): Edit {
  const mark = MARKS[format]
  if (mark) return inline(text, start, end, mark)
  if (format === 'link') return link(text, start, end)
  if (format === 'codeblock') return codeBlock(text, start, end)
  return lines(text, start, end, format)
}

/** The text after an edit. */
export function applyEdit(text: string, edit: Edit): string {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to)
}

function inline(text: string, start: number, end: number, mark: string): Edit {
  const n = mark.length
  // Already wrapped, around the selection or inside it: unwrapped.
  if (text.slice(start - n, start) === mark && text.slice(end, end + n) === mark)
    return {
      from: start - n,
      to: end + n,
      insert: text.slice(start, end),
      start: start - n,
      end: end - n,
    }
  const selected = text.slice(start, end)
  if (selected.length > 2 * n && selected.startsWith(mark) && selected.endsWith(mark)) {
    const inner = selected.slice(n, -n)
    return { from: start, to: end, insert: inner, start, end: start + inner.length }
  }
  // Spaces at the selection's ends (a double-click takes the word's) stay outside: "**word **"
  // is not bold in markdown.
  const lead = selected.length - selected.trimStart().length
  const word = selected.trim()
  if (word === '')
    return { from: start, to: end, insert: mark + mark, start: start + n, end: start + n }
  const from = start + lead
  const to = from + word.length
  return { from, to, insert: mark + word + mark, start: from + n, end: to + n }
}

function link(text: string, start: number, end: number): Edit {
  const selected = text.slice(start, end)
  // A selected address becomes the link's target, its words to be written.
  if (/^(https?:\/\/|mailto:)\S+$/i.test(selected.trim()))
    return {
      from: start,
      to: end,
      insert: `[](${selected.trim()})`,
      start: start + 1,
      end: start + 1,
    }
  const words = selected.trim()
  const insert = `[${words}](url)`
  // "url" selected, to be typed or pasted over; with no words, the caret between the brackets.
  const at = start + words.length + 3
  return words
    ? { from: start, to: end, insert, start: at, end: at + 3 }
    : { from: start, to: end, insert, start: start + 1, end: start + 1 }
}

/** The selection widened to whole lines. */
function lineRange(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1
  // A selection ending at a line's start (a triple-click) does not take that line.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end
  const next = text.indexOf('\n', last)
  return [from, next < 0 ? text.length : next]
}

const PREFIX: Record<'bullet' | 'numbered' | 'quote', RegExp> = {
  bullet: /^[-*] /,
  numbered: /^\d+\. /,
  quote: /^> ?/,
}

function lines(text: string, start: number, end: number, format: Format): Edit {
  const kind = format as 'bullet' | 'numbered' | 'quote'
  const [from, to] = lineRange(text, start, end)
  const rows = text.slice(from, to).split('\n')
  const pattern = PREFIX[kind]
  const filled = rows.filter((row) => row.trim() !== '')
  const on = filled.length > 0 && filled.every((row) => pattern.test(row))
  let number = 0
  const insert = rows
    .map((row) => {
      if (on) return row.replace(pattern, '')
      if (row.trim() === '' && rows.length > 1) return row
      number += 1
      const bare = row
        .replace(PREFIX.bullet, '')
        .replace(PREFIX.numbered, '')
        .replace(PREFIX.quote, '')
      return (kind === 'bullet' ? '- ' : kind === 'numbered' ? `${number}. ` : '> ') + bare
    })
    .join('\n')
  // One line with the caret: the caret where it was in the text; else the lines all selected.
  if (rows.length === 1 && start === end) {
    const caret = Math.max(from, start + insert.length - (to - from))
    return { from, to, insert, start: caret, end: caret }
  }
  return { from, to, insert, start: from, end: from + insert.length }
}

function codeBlock(text: string, start: number, end: number): Edit {
  const selected = text.slice(start, end)
  const fenced = /^```[^\n]*\n([\s\S]*)\n```$/.exec(selected)
  if (fenced) {
    const inner = fenced[1] ?? ''
    return { from: start, to: end, insert: inner, start, end: start + inner.length }
  }
  // The fences on lines of their own.
  const before = start > 0 && text[start - 1] !== '\n' ? '\n' : ''
  const after = end < text.length && text[end] !== '\n' ? '\n' : ''
  const insert = `${before}\`\`\`\n${selected}\n\`\`\`${after}`
  const inner = start + before.length + 4
  return { from: start, to: end, insert, start: inner, end: inner + selected.length }
}
