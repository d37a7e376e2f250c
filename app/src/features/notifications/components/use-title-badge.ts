// The total of red counts in the document title ("(3) Chorus") and as a dot with the number on
// the favicon (drawn by favicon-badge.ts, a lazy chunk); both go back to plain when the total is
// 0 or the component unmounts. TitleBadge (a lazy chunk, once the first screen is shown) runs it.
import { useEffect } from 'react'
import { titleWith } from '../rules.ts'

export function useTitleBadge(total: number): void {
  useEffect(() => {
    document.title = titleWith(total, document.title)
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (!link) return
    const original = link.dataset.original ?? link.href
    link.dataset.original = original
    let cancelled = false
    const drawn =
      total > 0
        ? import('./favicon-badge.ts').then(
            (m) => m.drawFavicon(original, total),
            () => original
          )
        : Promise.resolve(original)
    void drawn.then((href) => {
      if (!cancelled) link.href = href
    })
    link.dataset.badge = String(total)
    return () => {
      cancelled = true
    }
  }, [total])

  useEffect(
    () => () => {
      document.title = titleWith(0, document.title)
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
      if (link?.dataset.original) link.href = link.dataset.original
      if (link) delete link.dataset.badge
    },
    []
  )
}
