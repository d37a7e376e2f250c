// The toolbar's quick reactions ("Add reaction"): a row of common emoji and "More emoji" (the
// full picker). Its own lazy chunk: loaded on the first "Add reaction", not with the first screen.
// A WAI-ARIA menu: the first item takes the focus when it opens, the arrow keys, Home and End move
// it (one item in the Tab order), Escape closes it and gives the focus back to "Add reaction".
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { useEffect, useRef } from 'react'
import type { KeyboardEvent } from 'react'
import { Emoji } from '../../emoji/index.ts'

/** The reactions offered first (here and in the phone's action sheet); not on the first screen. */
export const QUICK_EMOJI = ['👍', '❤️', '😂', '🎉', '😮', '👀', '✅', '🙏']

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

/** Gives the focus back to the button that opened the menu (the toolbar's expanded one). */
function focusOpener(menu: HTMLElement): HTMLElement | null {
  const button = menu.parentElement?.querySelector<HTMLElement>('[aria-expanded="true"]') ?? null
  button?.focus()
  return button
}

function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')]
  const at = items.indexOf(document.activeElement as HTMLElement)
  let next: number | null = null
  // Right to left (Arabic), the row runs the other way: ArrowLeft goes to the next item.
  const mirrored = event.key.startsWith('ArrowL') || event.key.startsWith('ArrowR')
  const sign = mirrored && document.dir === 'rtl' ? -1 : 1
  if (event.key in STEP) next = (at + sign * STEP[event.key]! + items.length) % items.length
  else if (event.key === 'Home') next = 0
  else if (event.key === 'End') next = items.length - 1
  else if (event.key === 'Escape') {
    event.preventDefault()
    event.stopPropagation()
    // The button that opened the menu closes it.
    focusOpener(event.currentTarget)?.click()
  }
  if (next === null) return
  event.preventDefault()
  items[next]?.focus()
}

export default function QuickReactions({
  onPick,
  onMore,
}: {
  onPick: (emoji: string) => void
  /** Opens the full picker (search, categories, skin tones). */
  onMore?: () => void
}) {
  const menu = useRef<HTMLDivElement>(null)
  const more = t`More emoji`
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [])
  return (
    <div
      ref={menu}
      className="emoji-picker"
      role="menu"
      aria-label={t`Pick a reaction`}
      onKeyDown={onMenuKey}
    >
      {QUICK_EMOJI.map((emoji, i) => (
        <button
          key={emoji}
          type="button"
          role="menuitem"
          tabIndex={i === 0 ? 0 : -1}
          className="emoji-option"
          onClick={() => {
            if (menu.current) focusOpener(menu.current)
            onPick(emoji)
          }}
        >
          <Emoji emoji={emoji} />
        </button>
      ))}
      {onMore && (
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="emoji-option"
          aria-label={more}
          title={more}
          onClick={onMore}
        >
          <Icon name="smile-plus" size={18} />
        </button>
      )}
    </div>
  )
}
