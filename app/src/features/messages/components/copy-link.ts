// "Copy link" (copy-permalink.ts, loaded when chosen) and the "Link copied" flag a row shows
// after it.
import { useState } from 'react'

/** "Link copied" for two seconds after a copy: [copied, the copy's onCopied]. */
export function useCopiedFlag(): [boolean, () => void] {
  const [copied, setCopied] = useState(false)
  return [
    copied,
    () => {
      setCopied(true)
      window.setTimeout(() => setCopied(false), 2000)
    },
  ]
}
