import { t } from '@lingui/core/macro'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Notice } from '../../../ui/Notice.tsx'
import { toEditable, toStorable } from '../mentions.ts'
import type { Mentionable } from '../mentions.ts'
import { MentionTextarea } from './MentionTextarea.tsx'

interface Props {
  initial: string
  people: { nameOf: (id: string) => string; mentionable?: Mentionable[] }
  /** Resolves to an error message, or null when saved. */
  onSave: (body: string) => Promise<string | null>
  onDone: () => void
}

/** Editing a message in place: Enter saves, Shift+Enter is a new line, Escape cancels. */
export default function EditBox({ initial, people, onSave, onDone }: Props) {
  const start = useMemo(() => toEditable(initial, people.nameOf), [initial, people.nameOf])
  const [text, setText] = useState(start)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const ref = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    const el = ref.current
    if (!el) return
    el.focus()
    el.setSelectionRange(el.value.length, el.value.length)
  }, [])

  async function save() {
    setSaving(true)
    const { body } = toStorable(text, people.mentionable ?? [])
    const problem = await onSave(body)
    setSaving(false)
    if (problem) setError(problem)
    else onDone()
  }

  return (
    <div className="edit-box">
      <MentionTextarea
        value={text}
        onChange={setText}
        people={people.mentionable ?? []}
        label={t`Edit message`}
        inputRef={ref}
        disabled={saving}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            onDone()
          } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            void save()
          }
        }}
      />
      {error && <Notice tone="error">{error}</Notice>}
      <div className="edit-actions">
        <span className="muted">{t`Escape to cancel · Enter to save`}</span>
        <button type="button" className="button button-small" onClick={onDone}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className="button button-small button-primary"
          onClick={() => void save()}
          disabled={saving}
        >
          {t`Save`}
        </button>
      </div>
    </div>
  )
}
