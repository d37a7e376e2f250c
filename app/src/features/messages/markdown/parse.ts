// Markdown -> message tree. marked's lexer does the CommonMark/GFM tokenizing; this module
// decides what each token becomes, and anything it does not know becomes literal text.
import { Lexer, Marked } from 'marked'
import type { Token, Tokens, TokenizerExtension } from 'marked'
import type { Block, Inline, TableAlign } from './tree.ts'
import { safeHref } from './safe-url.ts'
import { withEmoji } from './emoji.ts'
import {
  BROADCAST as BROADCAST_TOKEN,
  GROUP as GROUP_TOKEN,
  PERSON as PERSON_TOKEN,
} from '../../../lib/message-tokens.ts'

/**
 * A mention is stored as <@user-id> so renaming a person renames their mentions; mentions of
 * many as Slack writes them: <!channel>, <!here>, <!everyone>, and a user group as
 * <!subteam^group-id|@handle> (the label is what readers see). The patterns are lib's
 * (message-tokens.ts), anchored here for the tokenizer.
 */
const PERSON = new RegExp(`^${PERSON_TOKEN.source}`, 'i')
const BROADCAST = new RegExp(`^${BROADCAST_TOKEN.source}`)
const GROUP = new RegExp(`^${GROUP_TOKEN.source}`, 'i')

const mention: TokenizerExtension = {
  name: 'mention',
  level: 'inline',
  start(src) {
    const index = src.search(/<[@!]/)
    return index < 0 ? undefined : index
  },
  tokenizer(src) {
    const match = PERSON.exec(src)
    if (match) return { type: 'mention', raw: match[0], userId: match[1]!.toLowerCase() }
    const broadcast = BROADCAST.exec(src)
    if (broadcast) return { type: 'mention', raw: broadcast[0], word: broadcast[1] }
    const group = GROUP.exec(src)
    if (group) {
      const label = group[2]?.trim().replace(/^@/, '') || 'group'
      return { type: 'mention', raw: group[0], groupId: group[1]!.toLowerCase(), label }
    }
    return undefined
  },
}

const marked = new Marked({ gfm: true, breaks: true, extensions: [mention] })

export function parseMarkdown(source: string): Block[] {
  return withEmoji(blocks(marked.lexer(source)))
}

function blocks(tokens: Token[]): Block[] {
  const out: Block[] = []
  for (const token of tokens) {
    const block = toBlock(token)
    if (block) out.push(block)
  }
  return out
}

function toBlock(token: Token): Block | null {
  switch (token.type) {
    case 'space':
    case 'def':
      return null
    case 'paragraph':
    case 'text':
      return { type: 'paragraph', children: inlineOf(token as Tokens.Paragraph) }
    case 'heading':
      // Chat has no document headings; keep the emphasis, not the size.
      return {
        type: 'paragraph',
        children: [{ type: 'strong', children: inlines((token as Tokens.Heading).tokens) }],
      }
    case 'code': {
      const code = token as Tokens.Code
      return {
        type: 'code-block',
        lang: code.lang?.trim().split(/\s+/)[0] || null,
        text: code.text,
      }
    }
    case 'blockquote':
      return { type: 'quote', children: blocks((token as Tokens.Blockquote).tokens) }
    case 'list': {
      const list = token as Tokens.List
      return {
        type: 'list',
        ordered: list.ordered,
        start: typeof list.start === 'number' ? list.start : 1,
        items: list.items.map((item) => blocks(item.tokens)),
      }
    }
    case 'hr':
      return { type: 'rule' }
    case 'table': {
      // GFM's: a header row, a delimiter row of as many cells, then rows (marked pads a short row
      // and drops a long one's extra cells, as GitHub does); anything else stayed a paragraph.
      const table = token as Tokens.Table
      return {
        type: 'table',
        align: table.align.map((a) => ALIGN[a ?? ''] ?? null),
        head: table.header.map((cell) => inlines(cell.tokens)),
        rows: table.rows.map((row) => row.map((cell) => inlines(cell.tokens))),
      }
    }
    case 'html':
      // A line that starts with <!channel> or a group is a paragraph, not an HTML declaration.
      if (BROADCAST.test(token.raw) || GROUP.test(token.raw))
        return {
          type: 'paragraph',
          children: inlines(Lexer.lexInline(token.raw.replace(/\n+$/, ''), marked.defaults)),
        }
      return { type: 'paragraph', children: textWithBreaks(token.raw.replace(/\n+$/, '')) }
    default:
      // anything new: show what was typed, literally.
      return { type: 'paragraph', children: textWithBreaks(token.raw.replace(/\n+$/, '')) }
  }
}

/** Markdown's left and right are where the line starts and ends, in either direction. */
const ALIGN: Record<string, TableAlign> = { left: 'start', right: 'end', center: 'center' }

function inlineOf(token: { tokens?: Token[]; text: string }): Inline[] {
  return token.tokens ? inlines(token.tokens) : [{ type: 'text', text: token.text }]
}

function inlines(tokens: Token[]): Inline[] {
  const out: Inline[] = []
  for (const token of tokens) push(out, toInline(token))
  return out
}

/** Adjacent text nodes are merged, so a tree has one shape per meaning. */
function push(out: Inline[], nodes: Inline[]): void {
  for (const node of nodes) {
    const last = out[out.length - 1]
    if (node.type === 'text' && last?.type === 'text') last.text += node.text
    else out.push(node)
  }
}

function toInline(token: Token): Inline[] {
  switch (token.type) {
    case 'text':
      return (token as Tokens.Text).tokens
        ? inlines((token as Tokens.Text).tokens!)
        : [{ type: 'text', text: (token as Tokens.Text).text }]
    case 'escape':
      return [{ type: 'text', text: (token as Tokens.Escape).text }]
    case 'strong':
    case 'em':
    case 'del':
      return [{ type: token.type, children: inlines((token as Tokens.Strong).tokens) }]
    case 'codespan':
      return [{ type: 'code', text: (token as Tokens.Codespan).text }]
    case 'br':
      return [{ type: 'br' }]
    case 'link': {
      const link = token as Tokens.Link
      const href = safeHref(link.href)
      const children = inlines(link.tokens)
      return href ? [{ type: 'link', href, children }] : [{ type: 'text', text: link.raw }]
    }
    case 'image': {
      // No remote images in messages (tracking pixels); a safe image becomes a link.
      const image = token as Tokens.Image
      const href = safeHref(image.href)
      const label = image.text || image.href
      return href
        ? [{ type: 'link', href, children: [{ type: 'text', text: label }] }]
        : [{ type: 'text', text: image.raw }]
    }
    case 'mention': {
      const t = token as Tokens.Generic
      if (typeof t.word === 'string')
        return [{ type: 'broadcast', word: t.word as 'channel' | 'here' | 'everyone' }]
      if (typeof t.groupId === 'string')
        return [{ type: 'group', groupId: t.groupId, label: t.label as string }]
      return [{ type: 'mention', userId: t.userId as string }]
    }
    default:
      return [{ type: 'text', text: token.raw }]
  }
}

function textWithBreaks(text: string): Inline[] {
  const out: Inline[] = []
  text.split('\n').forEach((line, index) => {
    if (index > 0) out.push({ type: 'br' })
    if (line) out.push({ type: 'text', text: line })
  })
  return out
}
