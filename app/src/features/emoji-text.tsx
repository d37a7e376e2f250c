// A line of plain text with its emoji shown as a message shows them (features/emoji's Emoji: the
// shipped set's images, a `:name:` as the workspace's custom emoji or the set's of that
// shortcode): the lines bodyAsLine makes of a message for Activity's rows and search hits, which
// load it as a chunk of its own (their text as it is until it comes). Where a line's emoji are is
// the message parser's pattern (lib/emoji-split.ts), taken from the parser's chunk so that it
// stays there: a chunk of its own would be one more that the first screen's code names.
import { Emoji } from './emoji/index.ts'
import { splitEmoji } from './messages/markdown/parser.ts'

export default function EmojiText({ text }: { text: string }) {
  return (
    <>
      {splitEmoji(text).map((part, i) =>
        part.type === 'emoji' ? <Emoji key={i} emoji={part.text} /> : part.text
      )}
    </>
  )
}
