// The full emoji picker is a lazy chunk (it carries the emoji data): import it only this way.
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const EmojiPickerDialog = lazyRetrying(
  () => import('./components/EmojiPicker.tsx'),
  NotLoaded
)
// An emoji as the shipped set's image (its alt text the emoji): reactions, statuses, messages.
export { Emoji } from './components/Emoji.tsx'
// The composer's `:` autocomplete, a lazy chunk with the emoji data too (features/
// emoji-completion.ts loads it).
export type { CompletionListHandle, EmojiCompletionProps } from './components/EmojiCompletion.tsx'
