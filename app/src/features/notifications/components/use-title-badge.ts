// The total of red counts in the document title ("(3) Chorus") and as a dot with the number on
// the favicon; both go back to plain when the total is 0 or the component unmounts.
import { useEffect } from 'react'
import { titleWith } from '../rules.ts'
import './badges.css'

const SIZE = 32

/** The favicon drawn again with a red badge of the count (the original when 0). */
function drawFavicon(original: string, total: number): Promise<string> {
  if (total <= 0) return Promise.resolve(original)
  return new Promise((resolve) => {
    const image = new Image()
    image.onload = () => {
      const canvas = document.createElement('canvas')
      canvas.width = SIZE
      canvas.height = SIZE
      const ctx = canvas.getContext('2d')
      if (!ctx) return resolve(original)
      ctx.drawImage(image, 0, 0, SIZE, SIZE)
      ctx.fillStyle = '#f43f5e'
      ctx.beginPath()
      ctx.arc(SIZE - 10, 10, 10, 0, Math.PI * 2)
      ctx.fill()
      ctx.fillStyle = 'white'
      ctx.font = 'bold 14px sans-serif'
      ctx.textAlign = 'center'
      ctx.textBaseline = 'middle'
      ctx.fillText(total > 9 ? '9+' : String(total), SIZE - 10, 11)
      resolve(canvas.toDataURL('image/png'))
    }
    image.onerror = () => resolve(original)
    image.src = original
  })
}

export function useTitleBadge(total: number): void {
  useEffect(() => {
    document.title = titleWith(total, document.title)
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (!link) return
    const original = link.dataset.original ?? link.href
    link.dataset.original = original
    let cancelled = false
    void drawFavicon(original, total).then((href) => {
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
