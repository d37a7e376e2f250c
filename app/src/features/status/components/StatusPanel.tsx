// Set or clear my status: an emoji (chosen in the full emoji picker: search, categories, skin
// tones, recently used; a lazy chunk of its own), a text of up to 100 characters and when it
// clears, with Slack's presets. A chunk of its own, opened from the profile dialog.
import { i18n } from '@lingui/core'
import { Icon } from '../../../ui/Icon.tsx'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { CLEAR_AFTER_CHOICES, clearAtFor, describeClearAt } from '../data/clear-after.ts'
import { useStatusOf } from '../data/statuses-query.ts'
import { useClearStatus, useSetStatus } from '../data/status-mutations.ts'
import type { ClearAfter } from '../data/types.ts'
import './status-panel.css'
import { Emoji, EmojiPickerDialog } from '../../emoji/index.ts'

const STATUS_TEXT_MAX = 100

// Slack's presets, their text in my language (it is what the status then says).
const PRESETS: readonly { emoji: string; text: MessageDescriptor; clearAfter: ClearAfter }[] = [
  { emoji: '📅', text: msg`In a meeting`, clearAfter: '30_minutes' },
  { emoji: '🚆', text: msg`Commuting`, clearAfter: '30_minutes' },
  { emoji: '🤒', text: msg`Out sick`, clearAfter: 'today' },
  { emoji: '🌴', text: msg`On holiday`, clearAfter: 'never' },
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
  const max = STATUS_TEXT_MAX
  const textError = length > max ? t`At most ${max} characters (${length} now).` : null
  const empty = emoji.trim() === '' && text.trim() === ''
  const error = set.error ?? clear.error

  function submit(event: FormEvent) {
    event.preventDefault()
    if (textError || empty) return
    set.mutate({ emoji: emoji.trim(), text: text.trim(), clearAfter }, { onSuccess: onDone })
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t`Set a status`}>
      <div className="status-presets" role="group" aria-label={t`Presets`}>
        {PRESETS.map((p) => {
          const presetText = i18n._(p.text)
          return (
            <button
              key={p.emoji}
              type="button"
              className="button"
              onClick={() => {
                setEmoji(p.emoji)
                setText(presetText)
                setClearAfter(p.clearAfter)
              }}
            >
              <Emoji emoji={p.emoji} /> {presetText}
            </button>
          )
        })}
      </div>
      <div className="status-row">
        <div className="field status-emoji-field">
          <span className="field-label" aria-hidden="true">
            {t`Emoji`}
          </span>
          <button
            type="button"
            className="button status-emoji-button"
            aria-label={t`Status emoji`}
            title={emoji ? t`Change the emoji` : t`Choose an emoji`}
            aria-haspopup="dialog"
            aria-expanded={picking}
            onClick={() => setPicking(true)}
          >
            {emoji ? (
              <Emoji emoji={emoji} />
            ) : (
              <span className="muted">
                <Icon name="smile-plus" size={18} />
              </span>
            )}
          </button>
          {emoji && (
            <button type="button" className="link-button" onClick={() => setEmoji('')}>
              {t`Remove emoji`}
            </button>
          )}
        </div>
        <Field
          label={t`Status`}
          name="status-text"
          value={text}
          placeholder={t`What's your status?`}
          autoComplete="off"
          error={textError}
          hint={`${length}/${STATUS_TEXT_MAX}`}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Select
        label={t`Clear after`}
        value={clearAfter}
        onValueChange={setClearAfter}
        options={CLEAR_AFTER_CHOICES.map((c) => ({ value: c.value, label: i18n._(c.label) }))}
        hint={describeClearAt(clearAtFor(clearAfter, new Date()), new Date())}
      />
      {picking && (
        <Suspense fallback={null}>
          <EmojiPickerDialog
            userId={me}
            title={t`Choose a status emoji`}
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
            {t`Clear status`}
          </button>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={set.isPending || empty || !!textError}
        >
          {t`Save status`}
        </button>
      </div>
    </form>
  )
}
