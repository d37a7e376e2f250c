// The workspace's custom emoji in the emoji slot (slots/emoji.ts): a `:name:` shown as its image
// (components/CustomEmoji.tsx, the default export), and the picker's section named as the
// workspace.
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import type { EmojiSection } from '../../slots/emoji.ts'
import { useCustomEmojiSet } from './data/store.ts'

export { default } from './components/CustomEmoji.tsx'
export { publishCustomEmoji } from './data/store.ts'

export function useSection(): EmojiSection {
  const set = useCustomEmojiSet()
  return useMemo(
    () =>
      set && set.list.length > 0
        ? {
            title: set.workspaceName || t`Custom emoji`,
            emoji: set.list.map((e) => ({
              id: e.id,
              code: `:${e.name}:`,
              names: [e.name, ...e.aliases],
            })),
          }
        : null,
    [set]
  )
}
