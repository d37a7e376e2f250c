// An edit (format-text.ts) made in the message box as typing would make it: the range selected
// and replaced through the browser's insertText, so the box's own undo (Ctrl+Z) takes it back
// and its input event tells the composer. Where the browser has no insertText (a test's DOM),
// the text is set at once (flushSync) and the selection put back on it.
import { flushSync } from 'react-dom'
import { applyEdit } from './format-text.ts'
import type { Edit } from './format-text.ts'

export function editTextarea(
  el: HTMLTextAreaElement,
  edit: Edit,
  setText: (value: string) => void
): void {
  const expected = applyEdit(el.value, edit)
  el.focus()
  el.setSelectionRange(edit.from, edit.to)
  try {
    const command = edit.insert === '' ? 'delete' : 'insertText'
    // deprecated, yet the one way that keeps the box's undo
    document.execCommand(command, false, edit.insert)
  } catch {
    // no insertText here: set below
  }
  if (el.value === expected) {
    el.setSelectionRange(edit.start, edit.end)
    return
  }
  flushSync(() => setText(expected))
  el.setSelectionRange(edit.start, edit.end)
}
