// The parser's lazy chunk (load.ts imports it): the parser, and the keeping of what it parsed.
export { parseMarkdown } from './parse.ts'
export { keepTree } from './keep-trees.ts'
