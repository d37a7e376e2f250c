// What this device knows of a box's draft beside its text (the text itself is the composer's
// own, chorus.draft.v1.<box>, the offline fallback): when it was last edited here or taken from
// my account, and whether that edit still waits to be saved there (offline, or the page was left
// first). Under the drafts' prefix, so that signing out of a shared computer forgets it too.
import { browserStore } from '../../../lib/local-store.ts'

const syncKey = (box: string) => `chorus.draft.v1.${box}.sync`

export interface SyncState {
  editedAt: number
  pending: boolean
}

export function readSync(box: string): SyncState | null {
  try {
    const value = JSON.parse(browserStore().getItem(syncKey(box)) ?? 'null') as unknown
    if (typeof value !== 'object' || value === null) return null
    const { editedAt, pending } = value as Record<string, unknown>
    return typeof editedAt === 'number' ? { editedAt, pending: pending === true } : null
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
