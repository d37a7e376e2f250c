import type { Reaction } from '../conversation/types.ts'
import { Emoji } from '../../emoji/index.ts'

interface Props {
  reactions: Reaction[]
  me: string
  nameOf: (userId: string) => string
  /** Absent: shown only (an archived channel's message). */
  onToggle?: (emoji: string) => void
}

/** Each emoji once, with its count and who reacted; pressing one toggles mine. */
export function Reactions({ reactions, me, nameOf, onToggle }: Props) {
  if (reactions.length === 0) return null
  const groups = new Map<string, string[]>()
  for (const r of reactions) groups.set(r.emoji, [...(groups.get(r.emoji) ?? []), r.userId])
  return (
    <div className="reactions" role="group" aria-label="Reactions">
      {[...groups].map(([emoji, users]) => {
        const mine = users.includes(me)
        const names = users.map((u) => (u === me ? 'you' : nameOf(u)))
        const who = `${emoji} by ${names.join(', ')}`
        return (
          <button
            key={emoji}
            type="button"
            className={mine ? 'reaction reaction-mine' : 'reaction'}
            aria-pressed={mine}
            title={who}
            data-who={who}
            aria-label={
              onToggle ? `${who}. ${mine ? 'Remove your reaction' : 'React with ' + emoji}` : who
            }
            disabled={!onToggle}
            onClick={() => onToggle?.(emoji)}
          >
            <Emoji emoji={emoji} />
            <span className="reaction-count" aria-hidden="true">
              {users.length}
            </span>
          </button>
        )
      })}
    </div>
  )
}
