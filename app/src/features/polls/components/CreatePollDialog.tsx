// "Create a poll" (a lazy chunk: `/poll` without its options opens it, and the composer's
// button): a question, 2 to 10
// options (added and removed here), single or multiple choice, anonymous or not, and an end
// (none, in an hour, a day, a week, or a date and time of my choosing). Sent as a message of
// the channel (or a reply in the thread whose box opened it), through create_poll; an error
// stays in the dialog with what was written.
import { t } from '@lingui/core/macro'
import { useId, useRef, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { newId } from '../../../lib/uuid.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { IconButton } from '../../../ui/IconButton.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { Switch } from '../../../ui/Switch.tsx'
import { createPoll } from '../data/create-poll.ts'
import { checkPoll, MAX_OPTION, MAX_OPTIONS, MAX_QUESTION, MIN_OPTIONS } from '../data/poll-text.ts'
import './poll-dialog.css'

export interface CreatePollProps {
  channelId: string
  /** "#general", "Ann": where it goes. */
  channelName: string
  /** A thread's box: the poll is a reply there (also sent to the channel when asked). */
  threadId?: string
  alsoToChannel?: boolean
  question?: string
  options?: string[]
  onDone: () => void
  onClose: () => void
}

type Ends = 'never' | 'hour' | 'day' | 'week' | 'custom'
const HOUR = 3_600_000

/** A datetime-local input's value for a time (the device's time zone). */
function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

function endOf(ends: Ends, custom: string, now: number): Date | null {
  switch (ends) {
    case 'never':
      return null
    case 'hour':
      return new Date(now + HOUR)
    case 'day':
      return new Date(now + 24 * HOUR)
    case 'week':
      return new Date(now + 7 * 24 * HOUR)
    case 'custom':
      return custom ? new Date(custom) : null
  }
}

export default function CreatePollDialog(props: CreatePollProps) {
  const [question, setQuestion] = useState(props.question ?? '')
  const [options, setOptions] = useState<string[]>(() => {
    const given = props.options ?? []
    return [...given, ...Array<string>(Math.max(0, 3 - given.length)).fill('')].slice(
      0,
      MAX_OPTIONS
    )
  })
  const [multiple, setMultiple] = useState(false)
  const [anonymous, setAnonymous] = useState(false)
  const [ends, setEnds] = useState<Ends>('never')
  const [custom, setCustom] = useState(() => localInput(new Date(Date.now() + 24 * HOUR)))
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useRef(newId())
  const listId = useId()
  const list = useRef<HTMLFieldSetElement>(null)
  const where = props.channelName

  const setOption = (index: number, value: string) =>
    setOptions((all) => all.map((o, i) => (i === index ? value : o)))

  function addOption() {
    setOptions((all) => [...all, ''])
    // the new option's box takes the focus once drawn
    requestAnimationFrame(() => {
      const boxes = list.current?.querySelectorAll('input')
      boxes?.[boxes.length - 1]?.focus()
    })
  }

  // No <form>: the dialog is drawn inside the composer's, which a submit would send.
  async function submit() {
    const filled = options.map((o) => o.trim()).filter((o) => o !== '')
    const invalid = checkPoll(question, filled)
    if (invalid?.kind === 'error') return setProblem(invalid.message)
    const endsAt = endOf(ends, custom, Date.now())
    if (ends === 'custom' && (!endsAt || Number.isNaN(endsAt.getTime())))
      return setProblem(t`Choose when the poll ends.`)
    if (endsAt && endsAt.getTime() <= Date.now()) return setProblem(t`Choose an end in the future.`)
    setProblem(null)
    setBusy(true)
    try {
      await createPoll({
        id: id.current,
        channelId: props.channelId,
        question: question.trim(),
        options: filled,
        multiple,
        anonymous,
        endsAt,
        parentId: props.threadId ?? null,
        alsoToChannel: props.alsoToChannel ?? false,
      })
      props.onDone()
    } catch (error) {
      setProblem(cleanError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog title={t`Create a poll`} open onClose={props.onClose}>
      <div
        className="poll-form"
        onKeyDown={(e) => {
          if (
            e.key === 'Enter' &&
            e.target instanceof HTMLInputElement &&
            e.target.type === 'text'
          ) {
            e.preventDefault()
            void submit()
          }
        }}
      >
        <Field
          label={t`Question`}
          type="text"
          value={question}
          maxLength={MAX_QUESTION}
          placeholder={t`What should we have for lunch?`}
          autoFocus
          onChange={(e) => setQuestion(e.target.value)}
        />
        <fieldset className="poll-form-options" ref={list} aria-describedby={`${listId}-hint`}>
          <legend>{t`Options`}</legend>
          {options.map((option, index) => {
            const n = index + 1
            return (
              <div className="poll-form-option" key={index}>
                <input
                  type="text"
                  aria-label={t`Option ${n}`}
                  placeholder={t`Option ${n}`}
                  value={option}
                  maxLength={MAX_OPTION}
                  onChange={(e) => setOption(index, e.target.value)}
                />
                {options.length > MIN_OPTIONS && (
                  <IconButton
                    icon="x"
                    size={14}
                    label={t`Remove option ${n}`}
                    onClick={() => setOptions((all) => all.filter((_, i) => i !== index))}
                  />
                )}
              </div>
            )
          })}
          <p id={`${listId}-hint`} className="field-hint">
            {t`From ${MIN_OPTIONS} to ${MAX_OPTIONS} options.`}
          </p>
          {options.length < MAX_OPTIONS && (
            <button
              type="button"
              className="button button-small button-secondary poll-form-add"
              onClick={addOption}
            >
              {t`Add an option`}
            </button>
          )}
        </fieldset>
        <Switch
          label={t`Allow more than one choice`}
          checked={multiple}
          onCheckedChange={setMultiple}
        />
        <Switch
          label={t`Anonymous votes`}
          hint={t`Nobody, you included, can see who voted for what.`}
          checked={anonymous}
          onCheckedChange={setAnonymous}
        />
        <div className="poll-form-end">
          <Select<Ends>
            label={t`Ends`}
            value={ends}
            onValueChange={setEnds}
            options={[
              { value: 'never', label: t`When I close it` },
              { value: 'hour', label: t`In 1 hour` },
              { value: 'day', label: t`In 1 day` },
              { value: 'week', label: t`In 1 week` },
              { value: 'custom', label: t`At a date and time…` },
            ]}
          />
          {ends === 'custom' && (
            <Field
              label={t`Date and time`}
              type="datetime-local"
              value={custom}
              min={localInput(new Date())}
              onChange={(e) => setCustom(e.target.value)}
            />
          )}
        </div>
        {problem && <Notice tone="error">{problem}</Notice>}
        <div className="poll-form-buttons">
          <button type="button" className="button button-secondary" onClick={props.onClose}>
            {t`Cancel`}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void submit()}>
            {props.threadId ? t`Post poll in thread` : t`Post poll in ${where}`}
          </button>
        </div>
      </div>
    </Dialog>
  )
}
