// The action sheet: every action of one message with its label, and a row of quick reactions.
// A modal <dialog> (focus stays inside, Escape and a press outside close it); a bottom sheet at
// phone width or with a coarse pointer, a small menu otherwise. Loaded on first open.
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { useEffect, useId, useRef } from 'react'
import { QUICK_EMOJI } from './QuickReactions.tsx'
import type { MessageAction } from '../../../slots/message.ts'
import './action-sheet.css'
import { Emoji } from '../../emoji/index.ts'

interface Props {
  actions: MessageAction[]
  onReact?: (emoji: string) => void
  summary: string
  onMoreEmoji?: () => void
  onClose: () => void
}

export default function ActionSheet({ actions, onReact, summary, onMoreEmoji, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  // The sheet closes first, then the action runs (an edit box or a confirm takes the focus).
  const choose = (run: () => void) => {
    onClose()
    run()
  }
  return (
    <dialog
      ref={ref}
      className="action-sheet"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation()
      }}
    >
      <h2 id={titleId} className="action-sheet-title" title={summary} dir="auto">
        {summary}
      </h2>
      {onReact && (
        <div className="action-sheet-reactions" role="group" aria-label={t`React`}>
          {QUICK_EMOJI.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="emoji-option"
              aria-label={t`React with ${emoji}`}
              onClick={() => choose(() => onReact(emoji))}
            >
              <Emoji emoji={emoji} />
            </button>
          ))}
          {onMoreEmoji && (
            <button
              type="button"
              className="emoji-option"
              aria-label={t`More emoji`}
              onClick={() => choose(onMoreEmoji)}
            >
              <Icon name="smile-plus" size={22} />
            </button>
          )}
        </div>
      )}
      <ul className="action-sheet-list">
        {actions
          .filter((a) => !(a.id === 'react' && onReact))
          .map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className={a.danger ? 'action-sheet-item danger' : 'action-sheet-item'}
                onClick={() => choose(a.run)}
              >
                <Icon name={a.icon} size={18} />
                {a.label}
              </button>
            </li>
          ))}
      </ul>
      <button
        type="button"
        className="button button-secondary action-sheet-cancel"
        onClick={onClose}
      >
        {t`Cancel`}
      </button>
    </dialog>
  )
}
