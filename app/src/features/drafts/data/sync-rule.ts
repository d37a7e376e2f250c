// The rule that decides what a box shows when my drafts are on several devices: the edit made
// last wins. The server keeps the draft edited last (save_draft compares the edits' times), and a
// box takes a newer draft from another device unless I am typing in it: while it holds an edit not
// yet saved, or has the focus and was typed in a moment ago. Then it keeps my text; my edit is
// saved, is the newer, and reaches the other devices instead. A draft held back is taken once
// the typing pauses or the box loses the focus, if it is still the newer.

/** How long after a keystroke a focused box counts as being typed in. */
export const TYPING_MS = 5000

/** This device's state of one box: its text and when it was last edited here. */
export interface Local {
  text: string
  /** When this text was edited (or taken from the server); null: never synced (an old draft). */
  editedAt: number | null
  /** An edit made here and not yet saved to my account. */
  pending: boolean
}

export interface Box {
  focused: boolean
  /** When I last typed in it (0: not since it opened). */
  typedAt: number
}

export type Decision =
  /** Nothing to do. */
  | { kind: 'keep' }
  /** Save this device's text (the server keeps it only if it is the newer). */
  | { kind: 'save' }
  /** Show the account's text in the box. */
  | { kind: 'take'; text: string; editedAt: number }
  /** The account's text is newer, but I am typing: decide again after `retryIn` ms (or at blur). */
  | { kind: 'hold'; retryIn: number | null }

export function decide(
  local: Local,
  server: { body: string; editedAt: number } | null,
  box: Box,
  now: number
): Decision {
  if (local.pending) return { kind: 'save' }
  if (!server) {
    // A draft written before drafts were kept on the account goes there; one synced before whose
    // row is gone (its marker dropped after a month) stays as it is.
    return local.editedAt === null && local.text ? { kind: 'save' } : { kind: 'keep' }
  }
  if (local.editedAt !== null && server.editedAt <= local.editedAt) return { kind: 'keep' }
  if (server.body === local.text)
    return { kind: 'take', text: server.body, editedAt: server.editedAt }
  const typing = box.focused && now - box.typedAt < TYPING_MS
  if (typing) return { kind: 'hold', retryIn: TYPING_MS - (now - box.typedAt) }
  return { kind: 'take', text: server.body, editedAt: server.editedAt }
}
