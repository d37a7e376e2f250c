// Keyboard helpers shared by the shortcuts: a key with a modifier is a shortcut of its own
// (Alt+Up / Alt+Down move between channels wherever the focus is), never the plain key's action.

/** Whether Alt, Ctrl, Meta or Shift was held (a React or a DOM keyboard event). */
export function hasModifier(event: {
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
}): boolean {
  return event.altKey || event.ctrlKey || event.metaKey || event.shiftKey
}
