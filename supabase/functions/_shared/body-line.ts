// A message body as one line of plain text (the browser's notifications, the emails, the pushes):
// body-text.ts's tokens as names, no markdown marks. Apart from body-text.ts so that the app's
// first screen, which reads bodies as text but never as a line, does not carry it.
//
// Pure, its one import body-text.ts: the app (Vite) imports this file as the Edge Functions (Deno) do.
import { BROADCAST, GROUP, PERSON } from './body-text.ts'
import type { NameOf } from './body-text.ts'

/** A name lookup from a map of lower-case ids, `fallback` for anyone not in it. */
export function namesFrom(
  names: ReadonlyMap<string, string> | Readonly<Record<string, string>> | undefined,
  fallback: string
): NameOf {
  if (!names) return () => fallback
  if (names instanceof Map) return (id) => names.get(id) ?? fallback
  const record = names as Readonly<Record<string, string>>
  return (id) => (Object.hasOwn(record, id) ? record[id]! : fallback)
}

// Private-use characters hold what markdown must not touch (a mention's name, code, an escaped
// mark) while the marks around it are taken away; a body's own are dropped first.
const HOLE = /\uE000(\d+)\uE001/g
/** A fenced code block: its fence line, its lines, its closing fence (or the body's end). */
const FENCED =
  /^ {0,3}(`{3,}|~{3,})[^\n]*(?:\n([\s\S]*?))?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|(?![\s\S]))/gm
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
/** A table's delimiter row (GFM): cells of dashes, a colon at either end, between pipes. */
const DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/

/** A table row's cells, split at its pipes (not at an escaped \|), the outer ones dropped. */
function cells(line: string): string[] {
  let row = line.trim()
  if (row.startsWith('|')) row = row.slice(1)
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1)
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim())
}

/**
 * Each GitHub-style table as one line of its rows, its header first: cells between " | ", rows
 * after "; " ("Name | Role; Ana | Lead"). A row is cut to the header's width; a delimiter row of
 * another width is no table, and stays as typed.
 */
function tablesAsText(text: string): string {
  const lines = text.split('\n')
  const out: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const head = lines[i]!
    const delimiter = lines[i + 1] ?? ''
    const width = cells(head).length
    if (
      !head.includes('|') ||
      !delimiter.includes('|') ||
      !DELIMITER.test(delimiter) ||
      cells(delimiter).length !== width
    ) {
      out.push(head)
      continue
    }
    const rows = [cells(head)]
    for (i += 2; i < lines.length && lines[i]!.trim() !== ''; i++)
      rows.push(cells(lines[i]!).slice(0, width))
    for (const row of rows) while (row.length > 1 && row[row.length - 1] === '') row.pop()
    out.push(rows.map((row) => row.join(' | ')).join('; '))
    i -= 1
  }
  return out.join('\n')
}

/**
 * The body as one line of plain text, at most `max` characters (cut with "…"): tokens as
 * bodyAsText gives them, a link as its text ([#general](/w/…) is "#general", <https://x> its
 * address), code as its text, emphasis, strike, quotes and headings without their marks, a
 * bullet as "•" ("Plan • one • two"), a table's rows in a line ("Name | Role; Ana | Lead"),
 * escapes as the character, runs of space as one.
 */
export function bodyAsLine(body: string, nameOf: NameOf, max = Infinity): string {
  const held: string[] = []
  const hold = (text: string) => `\uE000${held.push(text) - 1}\uE001`
  let text = body
    .replace(/[\uE000\uE001]/g, '')
    // Code first: nothing inside it is markup or a token.
    .replace(FENCED, (_m, _fence, code?: string) => ` ${hold(code ?? '')} `)
    .replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_m, _f, code: string) => hold(code.trim() || code))
  // Tables before the escapes are held, so that an escaped pipe splits no cell.
  text = tablesAsText(text)
    .replace(/\\([!-/:-@[-`{-~])/g, (_m, mark: string) => hold(mark))
    .replace(PERSON, (_m, id: string) => hold(`@${nameOf(id.toLowerCase())}`))
    .replace(BROADCAST, (_m, word: string) => hold(`@${word}`))
    .replace(GROUP, (_m, _id: string, handle?: string) => hold(`@${handle?.trim() || 'group'}`))
    // Links: an image or a link as its text, an autolink as its address.
    .replace(
      /!?\[([^\]\n]*)\]\((?:<[^>\n]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"\n]*")?\)/g,
      '$1'
    )
    .replace(/<((?:https?|mailto):[^<>\s]+)>/gi, (_m, url: string) => hold(url))
    .replace(/<([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)>/g, (_m, address: string) => hold(address))
    // Line marks: quotes, headings and rules go; a bullet (and its task box) becomes "• ", so
    // that a list's items stay apart on the one line, as an ordered list's numbers keep them.
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^ {0,3}#{1,6}(?:[ \t]+|$)/gm, '')
    .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '')
    .replace(/^[ \t]*[-*+][ \t]+(?:\[[ xX]\][ \t]+)?/gm, '• ')
    // Emphasis and strike, the strong marks before the single ones.
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\*(?=[^\s*])([^*]*?[^\s*])\*/g, '$1')
    .replace(/\*(?=[^\s*])([^*\s])\*/g, '$1')
    .replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_]*?[^\s_]|[^\s_])_(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim()
  // A held part may hold another (a name inside code does not happen; code inside a link does).
  while (text.search(HOLE) >= 0) text = text.replace(HOLE, (_m, i: string) => held[Number(i)]!)
  text = text.replace(/\s+/g, ' ').trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
