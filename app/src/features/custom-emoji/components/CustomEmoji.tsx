// A `:name:` shown as the workspace's custom emoji (Emoji.tsx hands it here, a lazy chunk): its
// image at the size of an emoji, the name as its alt text and tooltip; what Emoji gives it (the
// shipped set's emoji of that shortcode, or the `:name:` as text) when the workspace has no such
// emoji (never had it, or it was removed), so old messages and reactions stay readable. Where
// Storage cannot resize images, the original is shown.
import { useState } from 'react'
import type { ReactNode } from 'react'
import { findCustom, originalUrl, useCustomEmojiSet } from '../data/store.ts'

export default function CustomEmoji({ emoji, fallback }: { emoji: string; fallback?: ReactNode }) {
  const found = findCustom(useCustomEmojiSet(), emoji)
  const [original, setOriginal] = useState<{ path: string; url: string | null } | null>(null)
  if (!found) return fallback ?? emoji
  const src = original?.path === found.path ? original.url : found.url
  if (src === null) return emoji
  return (
    <img
      className="emoji emoji-custom"
      src={src}
      alt={emoji}
      title={emoji}
      draggable={false}
      onError={() => {
        if (original?.path === found.path) return setOriginal({ path: found.path, url: null })
        setOriginal({ path: found.path, url: null })
        void originalUrl(found.path)
          .then((url) => setOriginal({ path: found.path, url }))
          .catch(() => undefined)
      }}
    />
  )
}
