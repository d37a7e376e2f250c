// The links of a message that get previews: the first three http(s) links that the app's
// markdown shows as links (marked with GFM, as features/messages/markdown/parse.ts reads a
// body): bare URLs, <autolinks> and [text](url); never a link inside a code span or code block,
// an image, or literal HTML. Pure.
import { Lexer } from 'marked'

/** At most this many previews per message. */
export const MAX_PREVIEWS = 3

interface Token {
  type: string
  href?: string
  tokens?: Token[]
  items?: Token[]
}

function* hrefs(tokens: readonly Token[] | undefined): Generator<string> {
  for (const token of tokens ?? []) {
    if (token.type === 'code' || token.type === 'codespan' || token.type === 'html') continue
    if (token.type === 'image') continue
    if (token.type === 'link' && token.href) {
      yield token.href
      continue
    }
    yield* hrefs(token.tokens)
    yield* hrefs(token.items)
  }
}

/** The message's first links (distinct, normalised), in the order written. */
export function previewLinks(body: string): string[] {
  const found: string[] = []
  const tokens = new Lexer({ gfm: true, breaks: true }).lex(body) as unknown as Token[]
  for (const href of hrefs(tokens)) {
    let url: URL
    try {
      url = new URL(href)
    } catch {
      continue
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
    if (url.username || url.password || url.href.length > 2048) continue
    if (!found.includes(url.href)) found.push(url.href)
    if (found.length === MAX_PREVIEWS) break
  }
  return found
}
