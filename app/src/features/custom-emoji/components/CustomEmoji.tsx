// A `:name:` shown as the workspace's custom emoji (Emoji.tsx hands it here, a lazy chunk): its
// image at the size of an emoji, the name as its alt text and tooltip; the `:name:` as text when
// the workspace has no such emoji (never had it, or it was removed), so old messages and
// reactions stay readable. Where Storage cannot resize images, the original is shown.
import { useState } from 'react'
import { findCustom, originalUrl, useCustomEmojiSet } from '../data/store.ts'

export default function CustomEmoji({ emoji }: { emoji: string }) {
  const found = findCustom(useCustomEmojiSet(), emoji)
  const [fallback, setFallback] = useState<{ path: string; url: string | null } | null>(null)
  if (!found) return emoji
  const src = fallback?.path === found.path ? fallback.url : found.url
  if (src === null) return emoji
  return (
    <img
      className="emoji emoji-custom"
      src={src}
      alt={emoji}
      title={emoji}
      draggable={false}
      onError={() => {
        if (fallback?.path === found.path) return setFallback({ path: found.path, url: null })
        setFallback({ path: found.path, url: null })
        void originalUrl(found.path)
          .then((url) => setFallback({ path: found.path, url }))
          .catch(() => undefined)
      }}
    />
  )
}
