// The formatting shortcuts of the message box, Slack's: Ctrl (⌘ on a Mac) with B, I, Shift+X,
// Shift+C, Shift+U, Shift+7, Shift+8, Shift+9, and Alt+Shift+C for a code block. None is a key
// the app uses elsewhere (the shortcuts list, shortcuts/registry.ts, names them all). Letters
// are read from the key typed (the person's layout); digits from the key's place (Shift+7 types
// "&", "/" or "'" depending on the layout).
/* eslint-disable lingui/no-unlocalized-strings -- key names and codes, not words */
import type { Format } from './format-text.ts'

interface Binding {
  format: Format
  key: string
  shift: boolean
  alt: boolean
}

export const FORMAT_KEYS: readonly Binding[] = [
  { format: 'bold', key: 'b', shift: false, alt: false },
  { format: 'italic', key: 'i', shift: false, alt: false },
  { format: 'strike', key: 'x', shift: true, alt: false },
  { format: 'code', key: 'c', shift: true, alt: false },
  { format: 'link', key: 'u', shift: true, alt: false },
  { format: 'numbered', key: '7', shift: true, alt: false },
  { format: 'bullet', key: '8', shift: true, alt: false },
  { format: 'quote', key: '9', shift: true, alt: false },
  { format: 'codeblock', key: 'c', shift: true, alt: true },
]

interface KeyEvent {
  key: string
  code: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** Whether this is a Mac (⌘ is the modifier there, Ctrl elsewhere). */
export function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
}

/** The format a key press asks for, or null. */
export function formatForKey(event: KeyEvent, mac = isMac()): Format | null {
  const mod = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
  if (!mod) return null
  const letter = event.key.length === 1 ? event.key.toLowerCase() : ''
  for (const b of FORMAT_KEYS) {
    if (b.shift !== event.shiftKey || b.alt !== event.altKey) continue
    const digit = /^\d$/.test(b.key)
    // Alt changes the letter typed on a Mac (Alt+Shift+C is "Ç"): its place then.
    if (
      digit || b.alt
        ? event.code === (digit ? `Digit${b.key}` : `Key${b.key.toUpperCase()}`)
        : letter === b.key
    )
      return b.format
  }
  return null
}

/** A binding's keys as people read them: "Ctrl+Shift+X", "⌘⇧X" on a Mac. */
export function shortcutLabel(format: Format, mac = isMac()): string {
  const b = FORMAT_KEYS.find((k) => k.format === format)
  if (!b) return ''
  const key = b.key.toUpperCase()
  if (mac) return `⌘${b.alt ? '⌥' : ''}${b.shift ? '⇧' : ''}${key}`
  return ['Ctrl', b.alt && 'Alt', b.shift && 'Shift', key].filter(Boolean).join('+')
}

/** A binding's keys as aria-keyshortcuts names them, Ctrl's and ⌘'s: "Control+B Meta+B". */
export function ariaShortcut(format: Format): string {
  const b = FORMAT_KEYS.find((k) => k.format === format)
  if (!b) return ''
  const rest = [b.alt && 'Alt', b.shift && 'Shift', b.key.toUpperCase()].filter(Boolean).join('+')
  return `Control+${rest} Meta+${rest}`
}
