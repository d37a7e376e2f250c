// A long list of people drawn a page at a time: the first page at once, the next when the end of
// the list comes near the view (or its "Show more" button is pressed, for keyboards and screen
// readers). A members list of 5,000 people would otherwise lay out 5,000 rows on every change,
// and each keystroke of its filter would wait for them.
import { plural } from '@lingui/core/macro'
import { useEffect, useRef, useState } from 'react'
import { formatLocale } from '../lib/i18n.ts'

export const PAGE = 50

/**
 * The first `limit` of `items`, `limit` growing a page at a time; back to one page whenever
 * `resetKey` changes (a new filter, another channel).
 */
export function useGrowing<T>(items: readonly T[], resetKey: unknown) {
  const [state, setState] = useState({ key: resetKey, limit: PAGE })
  // Derived from the key (React's "storing information from previous renders").
  if (!Object.is(state.key, resetKey)) setState({ key: resetKey, limit: PAGE })
  const limit = Object.is(state.key, resetKey) ? state.limit : PAGE
  const shown = items.length > limit ? items.slice(0, limit) : items
  return {
    shown,
    rest: items.length - shown.length,
    more: () => setState({ key: resetKey, limit: limit + PAGE }),
  }
}

/** How near the view (px) the list's end is when the next page is drawn. */
const NEAR = '200px'

/** The element that scrolls the list (null: the page): the view the list's end comes near. */
function scrollerOf(el: HTMLElement): HTMLElement | null {
  for (let at = el.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at)
    if (overflowY === 'auto' || overflowY === 'scroll') return at
  }
  return null
}

/**
 * The list's last item while more are left: shows the next page when it comes near the view.
 * Watched afresh for each page (a page that leaves the end in view asks for the next at once).
 */
export function ShowMore({ rest, onMore }: { rest: number; onMore: () => void }) {
  const button = useRef<HTMLButtonElement>(null)
  const more = useRef(onMore)
  useEffect(() => {
    more.current = onMore
  })
  useEffect(() => {
    const el = button.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current()
      },
      { root: scrollerOf(el), rootMargin: NEAR }
    )
    seen.observe(el)
    return () => seen.disconnect()
  }, [rest])
  if (rest <= 0) return null
  const count = Math.min(rest, PAGE)
  const left = rest.toLocaleString(formatLocale())
  return (
    <li className="show-more">
      <button ref={button} type="button" className="link-button" onClick={onMore}>
        {plural(count, { one: `Show # more (${left} left)`, other: `Show # more (${left} left)` })}
      </button>
    </li>
  )
}
