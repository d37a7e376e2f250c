// A textarea that grows with its text and completes what is typed in it: channel members (and
// @channel, @here, @everyone, and the names features offer, such as groups, when given) when an
// @word is typed, and emoji (the workspace's custom ones and the shipped set) when a `:word` is
// (arrows to choose, Enter or Tab to insert, Escape to close), announced to screen readers as a
// combobox. Keys it does not use go to the caller. The lists are a chunk of their own
// (Completions.tsx), fetched once the first screen is shown.
import { Suspense, useId, useLayoutEffect, useRef, useState } from 'react'
import type { KeyboardEvent, RefObject, ClipboardEvent } from 'react'
import type { Mentionable } from '../mentions.ts'
import type { ComposerName } from '../../../slots/composer.ts'
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'
import { afterFirstScreen } from '../../../lib/first-screen.ts'
import type { CompletionListHandle, CompletionsProps } from './Completions.tsx'

const loadList = () => import('./Completions.tsx')
const Completions = lazyRetrying<CompletionsProps>(loadList, Nothing)
afterFirstScreen(() => void loadList().catch(() => undefined))

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
  const { value, onChange, inputRef } = props
  const listId = useId()
  const list = useRef<CompletionListHandle>(null)
  const [caret, setCaret] = useState(0)
  // The list's active option while it shows (it says), null when it does not.
  const [active, setActive] = useState<number | null>(null)
  const open = active !== null

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

  function insert(start: number, inserted: string) {
    const before = value.slice(0, start)
    onChange(before + inserted + value.slice(caret).replace(/^\S*/, ''))
    const position = before.length + inserted.length
    requestAnimationFrame(() => {
      inputRef.current?.setSelectionRange(position, position)
      setCaret(position)
    })
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && list.current?.keyDown(event)) return event.preventDefault()
    props.onKeyDown?.(event)
  }

  return (
    <div className="mention-textarea">
      {/[@:]/.test(value) && (
        <Suspense fallback={null}>
          <Completions
            handle={list}
            id={listId}
            text={value}
            caret={caret}
            people={props.people}
            names={props.names ?? []}
            onInsert={insert}
            onActive={setActive}
          />
        </Suspense>
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
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onChange(e.target.value)
          setCaret(e.target.selectionStart)
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={keyDown}
        onPaste={props.onPaste}
      />
    </div>
  )
}
