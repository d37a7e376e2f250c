// A message of one to three emoji and nothing else is shown large, as Slack does ("jumbomoji").
// Read on the parsed tree, so an emoji in code, a link or a list is not one; spaces between
// them do not count. Pure and small: MessageBody (first screen) asks it of every parsed body.
import type { Block } from './tree.ts'

/** The most emoji a message may have and still be shown large. */
export const LARGE_EMOJI_MAX = 3

/** Whether the body is 1-3 emoji with nothing but spaces around them. */
export function isEmojiOnly(blocks: readonly Block[]): boolean {
  if (blocks.length !== 1) return false
  const block = blocks[0]!
  if (block.type !== 'paragraph') return false
  let count = 0
  for (const node of block.children) {
    if (node.type === 'emoji') count += 1
    else if (node.type !== 'text' || node.text.trim() !== '') return false
  }
  return count >= 1 && count <= LARGE_EMOJI_MAX
}
