import { t } from '@lingui/core/macro'
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
    <div className="reactions" role="group" aria-label={t`Reactions`}>
      {[...groups].map(([emoji, users]) => {
        const mine = users.includes(me)
        const names = users.map((u) => (u === me ? t`you` : nameOf(u))).join(', ')
        const who = t`${emoji} by ${names}`
        const action = mine ? t`Remove your reaction` : t`React with ${emoji}`
        return (
          <button
            key={emoji}
            type="button"
            className={mine ? 'reaction reaction-mine' : 'reaction'}
            aria-pressed={mine}
            title={who}
            data-who={who}
            aria-label={onToggle ? t`${who}. ${action}` : who}
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
