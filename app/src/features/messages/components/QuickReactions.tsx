// The toolbar's quick reactions ("Add reaction"): a row of common emoji and "More emoji" (the
// full picker). Its own lazy chunk: loaded on the first "Add reaction", not with the first screen.
import { QUICK_EMOJI } from './Reactions.tsx'

export default function QuickReactions({
  onPick,
  onMore,
}: {
  onPick: (emoji: string) => void
  /** Opens the full picker (search, categories, skin tones). */
  onMore?: () => void
}) {
  return (
    <div className="emoji-picker" role="menu" aria-label="Pick a reaction">
      {QUICK_EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          role="menuitem"
          className="emoji-option"
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </button>
      ))}
      {onMore && (
        <button
          type="button"
          role="menuitem"
          className="emoji-option"
          aria-label="More emoji"
          title="More emoji"
          onClick={onMore}
        >
          ＋
        </button>
      )}
    </div>
  )
}
