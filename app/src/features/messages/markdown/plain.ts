// The message tree of a body with nothing markdown could read as markup: paragraphs of text with
// line breaks, exactly what parse.ts makes of it, without marked. Most chat messages are such
// text, so the first screen shows them before marked (a lazy chunk, load.ts) has loaded. Anything
// that might be markup (a markdown character, an HTML entity, a URL or an email, a line that
// starts like a list, a heading rule or indented code, spaces at a line's edge) is left to
// marked: `null`.
import type { Block, Inline } from './tree.ts'

/** Characters or sequences that may be markup anywhere in a body. */
const MAYBE_MARKUP = /[*_~`[\]<>!#&\\|@\r\t\f\v]|:\/\/|www\./i
/** How a line may start to be a list, a setext heading's rule, a thematic break or code. */
const MAYBE_BLOCK = /^(?:[-+=]|\d+[.)])|^\s|\s$/

export function plainBlocks(source: string): Block[] | null {
  if (MAYBE_MARKUP.test(source)) return null
  const blocks: Block[] = []
  for (const paragraph of source.split(/\n{2,}/)) {
    const children: Inline[] = []
    for (const line of paragraph.split('\n')) {
      if (line === '' || MAYBE_BLOCK.test(line)) return null
      if (children.length > 0) children.push({ type: 'br' })
      children.push({ type: 'text', text: line })
    }
    blocks.push({ type: 'paragraph', children })
  }
  return blocks
}
