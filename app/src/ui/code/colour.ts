// A message's code block coloured (MessageBody's CodeBlock imports this small chunk when it
// mounts): once the block comes near the view, its language is the fence's tag (```ts; an
// unknown tag stays plain) or, for a fence without one, what the text's telling signs say
// (languages.ts: never highlight.js's own guess, which scores prose, logs and command output as
// some language or other; most untagged fences in chat are such); then highlight.ts (its own
// chunk) colours it. The block shows its plain text until then, in the same box: no jump.
import type { ReactNode } from 'react'
import { guessLanguage } from './languages.ts'
import { COLOURED_CHARS, loadHighlighter } from './load.ts'
import { renderTokens } from './tokens.tsx'
import './code.css'

/** Tags that say "not code": shown plain without fetching the highlighter. */
const PLAIN = /^(?:text|plain|plaintext|txt|log|output|none|nohighlight)$/i

/**
 * Calls `done` with the coloured tokens of `text` once `element` is near the view and its
 * language is known; nothing when it is plain. Returns a stop (the block left, or changed).
 */
export function colourWhenSeen(
  element: HTMLElement,
  tag: string | null,
  text: string,
  done: (tokens: ReactNode[]) => void
): () => void {
  if (text.length > COLOURED_CHARS || (tag !== null && PLAIN.test(tag))) return () => undefined
  let live = true
  const colour = () => {
    const guessed = tag === null ? guessLanguage(text) : null
    if (tag === null && guessed === null) return
    loadHighlighter().then(
      ({ highlight, languageOfTag }) => {
        const language = tag === null ? guessed : languageOfTag(tag)
        if (live && language !== null) done(renderTokens(highlight(text, language).children))
      },
      () => undefined // shown plain
    )
  }
  if (typeof IntersectionObserver === 'undefined') {
    colour()
    return () => void (live = false)
  }
  const watch = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      watch.disconnect()
      colour()
    },
    { rootMargin: '200px' }
  )
  watch.observe(element)
  return () => {
    live = false
    watch.disconnect()
  }
}
