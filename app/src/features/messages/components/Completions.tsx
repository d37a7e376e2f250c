// The composer's autocomplete (MentionTextarea.tsx), a chunk of its own fetched once the first
// screen is shown: while an @name is typed, the people and names to mention (MentionList.tsx);
// while a `:query` is, the emoji it finds (features/emoji's EmojiCompletion, a chunk with the
// emoji data, fetched once a `:` is typed: features/emoji-completion.ts). Escape closes either
// until the next @ or `:`.
import { Suspense, useState } from 'react'
import type { RefObject } from 'react'
import type { CompletionListHandle } from '../../emoji/index.ts'
import { loadEmojiCompletion } from '../../emoji-completion.ts'
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'
import { emojiQueryAt, mentionQueryAt } from '../completion-query.ts'
import type { Mentionable } from '../mentions.ts'
import type { ComposerName } from '../../../slots/composer.ts'
import MentionList from './MentionList.tsx'

export type { CompletionListHandle }

const EmojiCompletion = lazyRetrying(loadEmojiCompletion, Nothing)

export interface CompletionsProps {
  handle: RefObject<CompletionListHandle | null>
  /** The listbox's id; option i is `${id}-${i}`. */
  id: string
  text: string
  caret: number
  people: Mentionable[]
  names: readonly ComposerName[]
  /** Writes `inserted` in place of the text from `start` to the end of the word at the caret. */
  onInsert: (start: number, inserted: string) => void
  /** The active option's index while a list shows, null when none does. */
  onActive: (index: number | null) => void
}

export default function Completions(props: CompletionsProps) {
  const { text, caret, onInsert } = props
  // The list Escape closed ("@12", ":12": its kind and where its query starts), closed until
  // a query of another kind or place is typed.
  const [dismissed, setDismissed] = useState<string | null>(null)
  const mention = mentionQueryAt(text, caret)
  const emoji = mention ? null : emojiQueryAt(text, caret)
  const key = mention ? `@${mention.start}` : emoji ? `:${emoji.start}` : null
  if (dismissed !== null && key !== dismissed) setDismissed(null)
  const list = { handle: props.handle, id: props.id, onActive: props.onActive }
  if (mention)
    return (
      key !== dismissed && (
        <MentionList
          {...list}
          query={mention.query}
          people={props.people}
          names={props.names}
          onPick={(person) => onInsert(mention.start, `@${person.name} `)}
          onDismiss={() => setDismissed(key)}
        />
      )
    )
  if (!text.includes(':')) return null
  // Rendered from the first `:`, with no query yet, so that its data is there by the next key.
  return (
    <Suspense fallback={null}>
      <EmojiCompletion
        {...list}
        query={emoji && key !== dismissed ? emoji.query : ''}
        onPick={(inserted) => emoji && onInsert(emoji.start, `${inserted} `)}
        onDismiss={() => setDismissed(key)}
      />
    </Suspense>
  )
}
