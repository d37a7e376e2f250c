// A textarea that grows with its text and offers channel members (and @channel, @here,
// @everyone, and the names features offer, such as groups, when given) when an @word is typed
// (arrows to choose, Enter or Tab to insert, Escape to close), announced to screen readers as a
// combobox. Keys it does not use go to the caller.
import { msg, t } from '@lingui/core/macro'
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { useId, useLayoutEffect, useState } from 'react'
import type { KeyboardEvent, RefObject, ClipboardEvent } from 'react'
import { BROADCASTS, matchPeople, mentionQueryAt } from '../mentions.ts'
import type { Mentionable } from '../mentions.ts'
import { PersonListScope, PersonName } from '../../../ui/PersonName.tsx'
import type { ComposerName } from '../../../slots/composer.ts'

const BROADCAST_HINTS: Record<string, MessageDescriptor> = {
  channel: msg`everyone in this channel`,
  here: msg`everyone active in this channel`,
  everyone: msg`everyone in the workspace`,
}

interface Props {
  value: string
  onChange: (value: string) => void
  people: Mentionable[]
  /** Names besides people (a group's handle), each with a hint of who it is. */
  names?: readonly ComposerName[]
  label: string
  placeholder?: string
  inputRef: RefObject<HTMLTextAreaElement | null>
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void
  onPaste?: (event: ClipboardEvent<HTMLTextAreaElement>) => void
  disabled?: boolean
  maxRows?: number
}

export function MentionTextarea(props: Props) {
  const { value, onChange, people, inputRef } = props
  const listId = useId()
  const [caret, setCaret] = useState(0)
  const [active, setActive] = useState(0)
  const [dismissedAt, setDismissedAt] = useState<number | null>(null)
  const query = mentionQueryAt(value, caret)
  const lower = query?.query.toLowerCase() ?? ''
  const options: (Mentionable & { hint?: string })[] =
    query && query.start !== dismissedAt
      ? [
          ...matchPeople(people, query.query),
          ...BROADCASTS.filter((w) => w.startsWith(lower)).map((w) => ({
            id: w,
            name: w,
            hint: i18n._(BROADCAST_HINTS[w]!),
          })),
          ...(props.names ?? []).filter((g) => g.name.startsWith(lower)).slice(0, 5),
        ]
      : []
  const open = options.length > 0
  const activeIndex = Math.min(active, Math.max(0, options.length - 1))

  useLayoutEffect(() => {
    const el = inputRef.current
    if (!el) return
    // Empty: one row, as `rows` lays it out, with no need to measure (a measure here, as a
    // channel first renders, would force the page's whole first layout).
    if (value === '') {
      el.style.height = ''
      return
    }
    const line = parseFloat(getComputedStyle(el).lineHeight) || 20
    const max = `${line * (props.maxRows ?? 10) + 16}px`
    // At its tallest and still overflowing (a long text): as tall as it gets, nothing to
    // measure. Measuring from 'auto' lays the whole text out once more, at each keystroke.
    if (el.style.height === max && el.scrollHeight > el.clientHeight) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight, parseFloat(max))}px`
  }, [value, inputRef, props.maxRows])

  function pick(person: Mentionable) {
    if (!query) return
    const before = value.slice(0, query.start)
    const after = value.slice(caret)
    const inserted = `@${person.name} `
    const next = before + inserted + after.replace(/^\S*/, '')
    onChange(next)
    const position = before.length + inserted.length
    requestAnimationFrame(() => {
      inputRef.current?.setSelectionRange(position, position)
      setCaret(position)
    })
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && !event.nativeEvent.isComposing) {
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !event.altKey) {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((activeIndex + step + options.length) % options.length)
        return
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault()
        pick(options[activeIndex]!)
        return
      }
      if (event.key === 'Escape') {
        event.preventDefault()
        setDismissedAt(query?.start ?? null)
        return
      }
    }
    props.onKeyDown?.(event)
  }

  return (
    <div className="mention-textarea">
      {open && (
        <PersonListScope>
          <ul
            className="mention-options"
            role="listbox"
            id={listId}
            aria-label={t`People and groups to mention`}
          >
            {options.map((person, index) => (
              <li
                key={person.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={index === activeIndex ? 'active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault()
                  pick(person)
                }}
              >
                <PersonName userId={person.id} name={person.name} status={!person.hint && 'emoji'}>
                  {person.hint && <span className="muted"> {person.hint}</span>}
                </PersonName>
              </li>
            ))}
          </ul>
        </PersonListScope>
      )}
      <textarea
        ref={inputRef}
        rows={1}
        value={value}
        aria-label={props.label}
        placeholder={props.placeholder}
        disabled={props.disabled}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
        onChange={(e) => {
          onChange(e.target.value)
          setCaret(e.target.selectionStart)
          setActive(0)
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={keyDown}
        onPaste={props.onPaste}
      />
    </div>
  )
}
