// The composer's `:` autocomplete (features/emoji's EmojiCompletion.tsx, a chunk with the emoji
// data), loaded by the composer's own autocomplete chunk (messages' Completions.tsx) once a `:`
// is typed. Named here, outside features/emoji's index.ts, because that index is first-screen
// code: an import() there costs the first screen its chunk's name and the list of what it loads.
import type { EmojiCompletionProps } from './emoji/index.ts'
import type { ComponentType } from 'react'

export const loadEmojiCompletion = (): Promise<{ default: ComponentType<EmojiCompletionProps> }> =>
  import('./emoji/components/EmojiCompletion.tsx')
