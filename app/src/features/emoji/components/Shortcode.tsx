// A `:name:` in a message or a reaction (Emoji.tsx hands it here, a lazy chunk): the workspace's
// custom emoji of that name (the emoji slot's part, slots/emoji.ts), else the shipped set's emoji
// of that shortcode as Slack shows `:smile:` (StandardShortcode.tsx, loaded only then), else the
// text. The text shows while each loads, and when it cannot be had.
import { Suspense } from 'react'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { loadEmojiPart } from '../../emoji-parts.ts'

const Text = ({ emoji }: { emoji: string }) => emoji
const Custom = lazyRetrying(loadEmojiPart, Text)
const Standard = lazyRetrying(() => import('./StandardShortcode.tsx'), Text)

export default function Shortcode({ emoji }: { emoji: string }) {
  return (
    <Custom
      emoji={emoji}
      fallback={
        <Suspense fallback={emoji}>
          <Standard emoji={emoji} />
        </Suspense>
      }
    />
  )
}
