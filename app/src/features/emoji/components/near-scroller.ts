// The full picker's lazy images: each emoji loads once it comes near the scroller's view.
import { useMemo } from 'react'
import type { RefObject } from 'react'
import type { EmojiWatch } from './Emoji.tsx'

/**
 * Watches emoji in the scroller: each loads its image once it is within half the scroller's
 * height of its view (one IntersectionObserver for all, made at the first emoji's watch, when
 * the scroller is in the page).
 */
export function useNearScroller(scroller: RefObject<HTMLDivElement | null>): EmojiWatch {
  return useMemo(() => {
    let observer: IntersectionObserver | null = null
    const waiting = new Map<Element, () => void>()
    return (element, show) => {
      const root = scroller.current
      if (!root || typeof IntersectionObserver === 'undefined') {
        show()
        return () => {}
      }
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const shown = entry.isIntersecting ? waiting.get(entry.target) : undefined
            if (!shown) continue
            waiting.delete(entry.target)
            observer?.unobserve(entry.target)
            shown()
          }
        },
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS margin, not words
        { root, rootMargin: '50% 0px' }
      )
      waiting.set(element, show)
      observer.observe(element)
      return () => {
        waiting.delete(element)
        observer?.unobserve(element)
      }
    }
  }, [scroller])
}
