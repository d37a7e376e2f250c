// The message box's tools (a lazy chunk, fetched once the first screen is shown; the box works
// without it meanwhile): the formatting toolbar (bold, italic, strike, code, link, lists, quote,
// code block: format-text.ts) with Slack's shortcuts (format-keys.ts), an emoji button that
// opens the emoji picker and inserts the emoji at the caret, the features' tools beside it
// (features/composer-tools.ts: "Create a poll"), and a toggle that hides or shows the
// formatting buttons, remembered on this device. The toolbar is one tab stop; the arrow keys
// move between its buttons.
import { t } from '@lingui/core/macro'
import { Suspense, memo, useCallback, useRef, useState, useSyncExternalStore } from 'react'
import type { KeyboardEvent, RefObject } from 'react'
import { IconButton } from '../../../ui/IconButton.tsx'
import { TooltipGroup } from '../../../ui/Tooltip.tsx'
import type { IconName } from '../../../ui/icons.ts'
import { browserStore } from '../../../lib/local-store.ts'
import { useAuth } from '../../auth/index.ts'
import { EmojiPickerDialog } from '../../emoji/index.ts'
import { composerTools } from '../../composer-tools.ts'
import type { ComposerToolProps } from '../../../slots/composer.ts'
import { editTextarea } from './apply-edit.ts'
import { ariaShortcut, formatForKey, shortcutLabel } from './format-keys.ts'
import { formatEdit } from './format-text.ts'
import type { Edit, Format } from './format-text.ts'
import { CharacterCount } from '../components/CharacterCount.tsx'
import './composer-tools.css'

/** What the composer asks of its tools: a key press they take (true) or leave (false). */
export interface ToolsHandle {
  keyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean
}

/** The composer's own props (where it writes: a feature's tool needs it) and the tools'. */
export interface ToolsProps extends Partial<Omit<ComposerToolProps, 'inputRef'>> {
  inputRef: RefObject<HTMLTextAreaElement | null>
  /** Sets the text (when the browser cannot edit the box as typing does). */
  setText: (value: string) => void
  handle: RefObject<ToolsHandle | null>
  /** The text's length as the server counts it: its count shows near the limit. */
  length: number
}

const HIDDEN_KEY = 'chorus.composer.formatting-hidden.v1'
const listeners = new Set<() => void>()
const readShown = () => browserStore().getItem(HIDDEN_KEY) !== '1'
function setShown(shown: boolean) {
  if (shown) browserStore().removeItem(HIDDEN_KEY)
  else browserStore().setItem(HIDDEN_KEY, '1')
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The arrow keys' steps along the toolbar, left to right (reversed in right-to-left). */
const ARROW_STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 }

const BUTTONS: { format: Format; icon: IconName; label: () => string; gap?: boolean }[] = [
  { format: 'bold', icon: 'bold', label: () => t`Bold` },
  { format: 'italic', icon: 'italic', label: () => t`Italic` },
  { format: 'strike', icon: 'strikethrough', label: () => t`Strikethrough` },
  { format: 'code', icon: 'code', label: () => t`Code` },
  { format: 'link', icon: 'link', label: () => t`Link` },
  { format: 'bullet', icon: 'list', label: () => t`Bulleted list`, gap: true },
  { format: 'numbered', icon: 'list-ordered', label: () => t`Numbered list` },
  { format: 'quote', icon: 'text-quote', label: () => t`Quote` },
  { format: 'codeblock', icon: 'square-code', label: () => t`Code block` },
]

export default function ComposerTools(props: ToolsProps) {
  const { inputRef, setText, handle, length, channelId, channelName } = props
  const shown = useSyncExternalStore(subscribe, readShown, readShown)
  const auth = useAuth()
  // whose recent emoji the picker offers (none in a composer shown signed out, as in a test)
  const userId = auth.status === 'signed-in' ? auth.userId : ''
  const [picking, setPicking] = useState(false)

  // The same edit and format from render to render (they read the box and setText when called):
  // the formatting bar is not rendered again as the text changes.
  const latestSetText = useRef(setText)
  latestSetText.current = setText
  const edit = useCallback(
    (make: (text: string, start: number, end: number) => Edit) => {
      const el = inputRef.current
      if (!el) return
      editTextarea(el, make(el.value, el.selectionStart, el.selectionEnd), latestSetText.current)
    },
    [inputRef]
  )
  const format = useCallback(
    (f: Format) => edit((text, start, end) => formatEdit(text, start, end, f)),
    [edit]
  )
  handle.current = {
    keyDown(event) {
      const f = formatForKey(event)
      if (!f) return false
      format(f)
      return true
    },
  }

  return (
    <TooltipGroup>
      {shown && <FormatBar format={format} />}
      <span className="composer-tools-end">
        <IconButton
          icon="smile"
          size={18}
          label={t`Emoji`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setPicking(true)}
        />
        {channelId !== undefined &&
          channelName !== undefined &&
          composerTools.map(({ id, Tool }) => (
            <Tool key={id} {...props} channelId={channelId} channelName={channelName} />
          ))}
        <IconButton
          icon="a-large-small"
          size={18}
          label={shown ? t`Hide formatting` : t`Show formatting`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setShown(!shown)}
        />
      </span>
      <CharacterCount length={length} />
      {picking && (
        <Suspense fallback={null}>
          <EmojiPickerDialog
            userId={userId}
            title={t`Insert an emoji`}
            onPick={(emoji) => {
              setPicking(false)
              edit((_, start, end) => ({
                from: start,
                to: end,
                insert: emoji,
                start: start + emoji.length,
                end: start + emoji.length,
              }))
            }}
            onClose={() => {
              setPicking(false)
              inputRef.current?.focus()
            }}
          />
        </Suspense>
      )}
    </TooltipGroup>
  )
}

/** The formatting buttons, one tab stop: rendered again only when a button takes the focus. */
const FormatBar = memo(function FormatBar({ format }: { format: (f: Format) => void }) {
  const [active, setActive] = useState(0)
  const bar = useRef<HTMLDivElement>(null)

  // The arrow keys move along the toolbar (its buttons' order is the reading order, so in
  // right-to-left the left arrow moves on); Home and End to its ends.
  const moveKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll('button') ?? [])]
    const step = ARROW_STEPS[event.key]
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const count = buttons.length
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? count - 1
          : step === undefined
            ? null
            : (active + (rtl ? -step : step) + count) % count
    if (next === null) return
    event.preventDefault()
    setActive(next)
    buttons[next]?.focus()
  }

  return (
    <div
      ref={bar}
      className="composer-tools"
      role="toolbar"
      aria-label={t`Formatting`}
      onKeyDown={moveKey}
    >
      {BUTTONS.map((b, index) => (
        <span
          key={b.format}
          className={b.gap ? 'composer-tool composer-tool-gap' : 'composer-tool'}
        >
          <IconButton
            icon={b.icon}
            label={b.label()}
            shortcut={shortcutLabel(b.format)}
            keyshortcuts={ariaShortcut(b.format)}
            tabIndex={index === active ? 0 : -1}
            // the box keeps its focus and selection when clicked
            onMouseDown={(e) => e.preventDefault()}
            onFocus={() => setActive(index)}
            onClick={() => format(b.format)}
          />
        </span>
      ))}
    </div>
  )
})
