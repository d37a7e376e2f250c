// Every keyboard shortcut of Chorus, as data (issue 53, item 3): what the shortcuts list (Ctrl+/,
// ShortcutsDialog) shows. Keys are written as aria-keyshortcuts writes them ("Control+K",
// "Alt+ArrowUp", "e"); a shortcut's alternatives are separate entries of `keys`. registry.test.ts
// reads the app's sources for the keys its handlers compare and fails when one is not here, so a
// new shortcut joins this list or the test says which key is missing.

import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export interface Shortcut {
  /** The keys, each a way to do it (Control on Windows and Linux, Meta on a Mac). */
  keys: string[]
  /** What it does (read with i18n._ when shown). */
  label: MessageDescriptor
}

export interface ShortcutGroup {
  title: MessageDescriptor
  shortcuts: Shortcut[]
}

/* eslint-disable lingui/no-unlocalized-strings -- the keys as aria-keyshortcuts names them
   (Control+K, Enter, Home) are not words; each label is a msg (the type says so) */
export const SHORTCUTS: ShortcutGroup[] = [
  {
    title: msg`Anywhere`,
    shortcuts: [
      { keys: ['Control+K', 'Meta+K'], label: msg`Jump to a channel or person` },
      { keys: ['Control+G', 'Meta+G', '/'], label: msg`Search messages` },
      { keys: ['Alt+ArrowUp'], label: msg`Previous channel` },
      { keys: ['Alt+ArrowDown'], label: msg`Next channel` },
      { keys: ['Control+/', 'Meta+/'], label: msg`Show keyboard shortcuts` },
    ],
  },
  {
    title: msg`Message box`,
    shortcuts: [
      { keys: ['Enter'], label: msg`Send the message` },
      { keys: ['Shift+Enter'], label: msg`New line` },
      { keys: ['ArrowUp'], label: msg`Edit your last message (in an empty box)` },
      { keys: ['@'], label: msg`Mention someone` },
      { keys: ['/'], label: msg`Slash commands (at the start)` },
      { keys: ['ArrowUp', 'ArrowDown'], label: msg`Move through suggestions` },
      { keys: ['Enter', 'Tab'], label: msg`Pick the suggestion` },
      { keys: ['Escape'], label: msg`Close suggestions, or cancel an edit` },
    ],
  },
  {
    title: msg`Formatting`,
    shortcuts: [
      { keys: ['Control+B', 'Meta+B'], label: msg`Bold` },
      { keys: ['Control+I', 'Meta+I'], label: msg`Italic` },
      { keys: ['Control+Shift+X', 'Meta+Shift+X'], label: msg`Strikethrough` },
      { keys: ['Control+Shift+C', 'Meta+Shift+C'], label: msg`Code` },
      { keys: ['Control+Shift+U', 'Meta+Shift+U'], label: msg`Link` },
      { keys: ['Control+Shift+8', 'Meta+Shift+8'], label: msg`Bulleted list` },
      { keys: ['Control+Shift+7', 'Meta+Shift+7'], label: msg`Numbered list` },
      { keys: ['Control+Shift+9', 'Meta+Shift+9'], label: msg`Quote` },
      { keys: ['Control+Alt+Shift+C', 'Meta+Alt+Shift+C'], label: msg`Code block` },
    ],
  },
  {
    title: msg`Messages (a message focused)`,
    shortcuts: [
      { keys: ['ArrowUp', 'ArrowDown'], label: msg`Previous or next message` },
      { keys: ['Home', 'End'], label: msg`First or last message` },
      { keys: ['e'], label: msg`Edit your message` },
      { keys: ['t'], label: msg`Reply in thread` },
      { keys: ['Delete', 'Backspace'], label: msg`Delete your message` },
      { keys: ['Escape'], label: msg`Back to the message box; closes a thread` },
    ],
  },
  {
    title: msg`Menus, lists and dialogs`,
    shortcuts: [
      {
        keys: ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'],
        label: msg`Move in a menu or list`,
      },
      { keys: ['Home', 'End'], label: msg`First or last item of a menu` },
      { keys: ['Enter'], label: msg`Open or pick the item` },
      { keys: ['Tab', 'Shift+Tab'], label: msg`Next or previous control` },
      { keys: ['Escape'], label: msg`Close it` },
    ],
  },
]

const NAMES: Record<string, string> = {
  Control: 'Ctrl',
  Meta: '⌘',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
}
/* eslint-enable lingui/no-unlocalized-strings */

/** A key combination as its parts shown to people: "Control+K" is ["Ctrl", "K"]. */
export function keyParts(keys: string): string[] {
  return keys
    .split(/\+(?!$)/)
    .map((part) => NAMES[part] ?? (part.length === 1 ? part.toUpperCase() : part))
}

/** Every key named by the registry, lower case, each part of a combination on its own. */
export function registeredKeys(): Set<string> {
  return new Set(
    SHORTCUTS.flatMap((g) =>
      g.shortcuts.flatMap((s) => s.keys.flatMap((k) => k.split(/\+(?!$)/)))
    ).map((k) => k.toLowerCase())
  )
}
