// Set or clear my status: an emoji (chosen in the full emoji picker: search, categories, skin
// tones, recently used; a lazy chunk of its own), a text of up to 100 characters and when it
// clears, with Slack's presets. A chunk of its own, opened from the profile dialog.
import { Suspense, useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { CLEAR_AFTER_CHOICES, clearAtFor, describeClearAt } from '../data/clear-after.ts'
import { useStatusOf } from '../data/statuses-query.ts'
import { useClearStatus, useSetStatus } from '../data/status-mutations.ts'
import type { ClearAfter } from '../data/types.ts'
import './status-panel.css'
import { Emoji, EmojiPickerDialog } from '../../emoji/index.ts'

const STATUS_TEXT_MAX = 100

const PRESETS: readonly { emoji: string; text: string; clearAfter: ClearAfter }[] = [
  { emoji: '📅', text: 'In a meeting', clearAfter: '30_minutes' },
  { emoji: '🚆', text: 'Commuting', clearAfter: '30_minutes' },
  { emoji: '🤒', text: 'Out sick', clearAfter: 'today' },
  { emoji: '🌴', text: 'On holiday', clearAfter: 'never' },
]

export interface Props {
  me: string
  onDone: () => void
}

export default function StatusPanel({ me, onDone }: Props) {
  const current = useStatusOf(me)
  const [emoji, setEmoji] = useState(current?.emoji ?? '')
  const [text, setText] = useState(current?.text ?? '')
  const [clearAfter, setClearAfter] = useState<ClearAfter>('today')
  const [picking, setPicking] = useState(false)
  const set = useSetStatus(me)
  const clear = useClearStatus(me)
  const length = [...text.trim()].length
  const textError =
    length > STATUS_TEXT_MAX ? `At most ${STATUS_TEXT_MAX} characters (${length} now).` : null
  const empty = emoji.trim() === '' && text.trim() === ''
  const error = set.error ?? clear.error

  function submit(event: FormEvent) {
    event.preventDefault()
    if (textError || empty) return
    set.mutate({ emoji: emoji.trim(), text: text.trim(), clearAfter }, { onSuccess: onDone })
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Set a status">
      <div className="status-presets" role="group" aria-label="Presets">
        {PRESETS.map((p) => (
          <button
            key={p.text}
            type="button"
            className="button"
            onClick={() => {
              setEmoji(p.emoji)
              setText(p.text)
              setClearAfter(p.clearAfter)
            }}
          >
            <Emoji emoji={p.emoji} /> {p.text}
          </button>
        ))}
      </div>
      <div className="status-row">
        <div className="field status-emoji-field">
          <span className="field-label" aria-hidden="true">
            Emoji
          </span>
          <button
            type="button"
            className="button status-emoji-button"
            aria-label="Status emoji"
            title={emoji ? 'Change the emoji' : 'Choose an emoji'}
            aria-haspopup="dialog"
            aria-expanded={picking}
            onClick={() => setPicking(true)}
          >
            {emoji ? <Emoji emoji={emoji} /> : <span className="muted">＋</span>}
          </button>
          {emoji && (
            <button type="button" className="link-button" onClick={() => setEmoji('')}>
              Remove emoji
            </button>
          )}
        </div>
        <Field
          label="Status"
          name="status-text"
          value={text}
          placeholder="What's your status?"
          autoComplete="off"
          error={textError}
          hint={`${length}/${STATUS_TEXT_MAX}`}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="status-clear-after">Clear after</label>
        <select
          id="status-clear-after"
          value={clearAfter}
          onChange={(e) => setClearAfter(e.target.value as ClearAfter)}
        >
          {CLEAR_AFTER_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <div className="field-hint">
          {describeClearAt(clearAtFor(clearAfter, new Date()), new Date())}
        </div>
      </div>
      {picking && (
        <Suspense fallback={null}>
          <EmojiPickerDialog
            userId={me}
            title="Choose a status emoji"
            onPick={(picked) => {
              setPicking(false)
              setEmoji(picked)
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      <div className="dialog-actions">
        {current && (
          <button
            type="button"
            className="button"
            disabled={clear.isPending}
            onClick={() => clear.mutate(undefined, { onSuccess: onDone })}
          >
            Clear status
          </button>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={set.isPending || empty || !!textError}
        >
          Save status
        </button>
      </div>
    </form>
  )
}
