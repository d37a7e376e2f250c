// The emoji of a message's text as nodes of their own (tree.ts's 'emoji'), which MessageBody
// shows as the shipped set's images (features/emoji); where they are is lib/emoji-split.ts's
// (one pattern for messages and the lines of Activity and search). Part of the parser's lazy
// chunk: plain.ts leaves a body with an emoji to it, so the first screen carries no emoji
// pattern.
import { splitEmoji } from '../../../lib/emoji-split.ts'
import type { Block, Inline } from './tree.ts'

function inlines(nodes: Inline[]): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    if (node.type === 'text') return splitEmoji(node.text)
    if ('children' in node) return [{ ...node, children: inlines(node.children) }]
    return [node]
  })
}

/** The tree with the emoji of its text (not of code) as nodes of their own. */
export function withEmoji(blocks: Block[]): Block[] {
  return blocks.map((block): Block => {
    switch (block.type) {
      case 'paragraph':
        return { ...block, children: inlines(block.children) }
      case 'quote':
        return { ...block, children: withEmoji(block.children) }
      case 'list':
        return { ...block, items: block.items.map(withEmoji) }
      case 'table':
        return {
          ...block,
          head: block.head.map(inlines),
          rows: block.rows.map((row) => row.map(inlines)),
        }
      default:
        return block
    }
  })
}
