import { createContext, Suspense, useContext, useEffect, useRef, useState } from 'react'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { EMOJI_DIR, emojiFile } from '../data/image.ts'

// A `:name:` (Shortcode.tsx: a workspace's custom emoji, else the shipped set's of that
// shortcode): its text while that loads, and when it cannot be had.
const Text = ({ emoji }: { emoji: string }) => emoji
const Custom = lazyRetrying(() => import('./Shortcode.tsx'), Text)

/** Calls `show` once `element` comes near the view; answers a function that stops watching. */
export type EmojiWatch = (element: Element, show: () => void) => () => void

/**
 * Where emoji wait to be near the view before loading their images: the full picker's scroller.
 * Its 1,900 emoji all sit within the browser's own lazy-loading distance of the page's viewport,
 * so `loading="lazy"` alone had it fetch, parse and paint a thousand SVG files at once, and the
 * page froze for seconds. Elsewhere (null) an emoji's image loads as the browser sees fit.
 */
export const EmojiWatcher = createContext<EmojiWatch | null>(null)

/** An emoji as the shipped set's image (data/image.ts), loaded when first shown; the character
 * is its alt text, so it is what a screen reader reads and what a failed load shows. While it
 * waits to be near the view, an empty box of its size stands in (its button names it). A
 * `:name:` is the workspace's custom emoji of that name, else the shipped set's emoji of that
 * shortcode (`:smile:`), else that text. */
export function Emoji({ emoji }: { emoji: string }) {
  const watch = useContext(EmojiWatcher)
  const [near, setNear] = useState(watch === null)
  const held = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (near || !watch || !held.current) return
    return watch(held.current, () => setNear(true))
  }, [near, watch])
  if (emoji[0] === ':')
    return (
      <Suspense fallback={emoji}>
        <Custom emoji={emoji} />
      </Suspense>
    )
  if (!near) return <span ref={held} className="emoji emoji-held" aria-hidden="true" />
  return <img className="emoji" src={EMOJI_DIR + emojiFile(emoji)} alt={emoji} loading="lazy" />
}
