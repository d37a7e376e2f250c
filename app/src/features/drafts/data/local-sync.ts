// What this device knows of a box's draft beside its text (the text itself is the composer's
// own, chorus.draft.v1.<box>, the offline fallback): when it was last edited here or taken from
// my account, and whether that edit still waits to be saved there (offline, or the page was left
// first). Under the drafts' prefix, so that signing out of a shared computer forgets it too.
import { browserStore } from '../../../lib/local-store.ts'

const syncKey = (box: string) => `chorus.draft.v1.${box}.sync`

export interface SyncState {
  editedAt: number
  pending: boolean
  /** The text's fingerprint when it was last saved or taken (textHash): a box whose text differs
   *  was edited here since, before its sync was running (the first moment after a load). */
  hash?: number
}

/** A text's fingerprint (FNV-1a, 32 bits): cheap beside the text, which may be long. */
export function textHash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

export function readSync(box: string): SyncState | null {
  try {
    const value = JSON.parse(browserStore().getItem(syncKey(box)) ?? 'null') as unknown
    if (typeof value !== 'object' || value === null) return null
    const { editedAt, pending, hash } = value as Record<string, unknown>
    if (typeof editedAt !== 'number') return null
    return { editedAt, pending: pending === true, ...(typeof hash === 'number' ? { hash } : {}) }
  } catch {
    return null
  }
}

export function writeSync(box: string, state: SyncState) {
  try {
    browserStore().setItem(syncKey(box), JSON.stringify(state))
  } catch {
    // a full store: the draft is saved to the account all the same while the page is open
  }
}

/** A box the Drafts view opens: its composer takes the focus once it is shown. */
let focusWanted: string | null = null
export const wantFocus = (box: string) => {
  focusWanted = box
}
export function takeFocusWish(box: string): boolean {
  if (focusWanted !== box) return false
  focusWanted = null
  return true
}

const PREFIX = 'chorus.draft.v1.'
const SYNC = /^chorus\.draft\.v1\.([0-9a-f-]{36})(?:\.thread\.([0-9a-f-]{36}))?\.sync$/

/** This device's edits not yet saved to my account (the page was left first, or offline), each
 *  with its box's place and text. */
export function pendingEdits(): {
  box: string
  channelId: string
  parentId: string | null
  text: string
  state: SyncState
}[] {
  const store = browserStore() as Partial<Storage>
  if (typeof store.key !== 'function' || typeof store.length !== 'number') return []
  const found = []
  for (let i = 0; i < store.length; i++) {
    const match = SYNC.exec(store.key(i) ?? '')
    if (!match) continue
    const [, channelId, parentId] = match
    const box = parentId ? `${channelId}.thread.${parentId}` : channelId!
    const state = readSync(box)
    if (!state?.pending) continue
    const text = browserStore().getItem(PREFIX + box) ?? ''
    found.push({ box, channelId: channelId!, parentId: parentId ?? null, text, state })
  }
  return found
}
