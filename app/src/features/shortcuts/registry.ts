// Every keyboard shortcut of Chorus, as data (issue 53, item 3): what the shortcuts list (Ctrl+/,
// ShortcutsDialog) shows. Keys are written as aria-keyshortcuts writes them ("Control+K",
// "Alt+ArrowUp", "e"); a shortcut's alternatives are separate entries of `keys`. registry.test.ts
// reads the app's sources for the keys its handlers compare and fails when one is not here, so a
// new shortcut joins this list or the test says which key is missing.

export interface Shortcut {
  /** The keys, each a way to do it (Control on Windows and Linux, Meta on a Mac). */
  keys: string[]
  label: string
}

export interface ShortcutGroup {
  title: string
  shortcuts: Shortcut[]
}

export const SHORTCUTS: ShortcutGroup[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: ['Control+K', 'Meta+K'], label: 'Jump to a channel or person' },
      { keys: ['Control+G', 'Meta+G', '/'], label: 'Search messages' },
      { keys: ['Alt+ArrowUp'], label: 'Previous channel' },
      { keys: ['Alt+ArrowDown'], label: 'Next channel' },
      { keys: ['Control+/', 'Meta+/'], label: 'Show keyboard shortcuts' },
    ],
  },
  {
    title: 'Message box',
    shortcuts: [
      { keys: ['Enter'], label: 'Send the message' },
      { keys: ['Shift+Enter'], label: 'New line' },
      { keys: ['ArrowUp'], label: 'Edit your last message (in an empty box)' },
      { keys: ['@'], label: 'Mention someone' },
      { keys: ['/'], label: 'Slash commands (at the start)' },
      { keys: ['ArrowUp', 'ArrowDown'], label: 'Move through suggestions' },
      { keys: ['Enter', 'Tab'], label: 'Pick the suggestion' },
      { keys: ['Escape'], label: 'Close suggestions, or cancel an edit' },
    ],
  },
  {
    title: 'Messages (a message focused)',
    shortcuts: [
      { keys: ['ArrowUp', 'ArrowDown'], label: 'Previous or next message' },
      { keys: ['Home', 'End'], label: 'First or last message' },
      { keys: ['e'], label: 'Edit your message' },
      { keys: ['t'], label: 'Reply in thread' },
      { keys: ['Delete', 'Backspace'], label: 'Delete your message' },
      { keys: ['Escape'], label: 'Back to the message box; closes a thread' },
    ],
  },
  {
    title: 'Menus, lists and dialogs',
    shortcuts: [
      {
        keys: ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'],
        label: 'Move in a menu or list',
      },
      { keys: ['Home', 'End'], label: 'First or last item of a menu' },
      { keys: ['Enter'], label: 'Open or pick the item' },
      { keys: ['Tab', 'Shift+Tab'], label: 'Next or previous control' },
      { keys: ['Escape'], label: 'Close it' },
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
