// The parser's lazy chunk (load.ts imports it): the parser, and the keeping of what it parsed.
export { parseMarkdown } from './parse.ts'
export { keepTree } from './keep-trees.ts'
// Where a line's emoji are, for features/emoji-text.tsx: from this chunk, where the pattern is.
export { splitEmoji } from '../../../lib/emoji-split.ts'
