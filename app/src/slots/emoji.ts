// The emoji's slot (issue 71, item 1): emoji a feature adds beside the shipped set (a workspace's
// custom emoji). Such an emoji is written `:name:` in a message body or a reaction; the feature
// shows it (its image, or what it is given when there is none) and gives the emoji picker a section of
// its own. The feature's emoji-part.tsx is loaded (features/emoji-parts.ts) only when a `:name:`
// or the picker is first shown: its default export shows a `:name:`, its `useSection` the
// picker's section.
import type { ComponentType, ReactNode } from 'react'

/** One emoji of a section: `code` is what is written (":partyparrot:"), `names` what finds it. */
export interface PartEmoji {
  id: string
  code: string
  names: readonly string[]
}

/** The picker's section (read in the picker's render): its title and emoji, null when none. */
export type EmojiSection = { title: string; emoji: readonly PartEmoji[] } | null

/** A feature's emoji-part.tsx. */
export interface EmojiPart {
  /** A `:name:` as this feature shows it (`fallback` when it has no such emoji: the shipped
   * set's emoji of that shortcode, or the text). */
  default: ComponentType<{ emoji: string; fallback: ReactNode }>
  useSection: () => EmojiSection
}
