// The id of the message being written, kept beside the composer's draft (chorus.draft.v1.<channel>,
// Composer.tsx) while files are attached to it: their object paths are in that message's folder,
// so after a reload the same message id lets a file attached again resume its resumable upload
// (tus-js-client finds it by the file's fingerprint) instead of starting over in a new folder.
// Forgotten once the message is sent, so the next message never reuses it.
import { browserStore } from '../../../lib/local-store.ts'
import type { KeyValueStore } from '../../../lib/local-store.ts'
import { newId } from '../../../lib/uuid.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const draftMessageKey = (channelId: string) => `chorus.draft.v1.${channelId}.message-id`

/** The kept message id of this channel's draft, or a new one. */
export function draftMessageId(channelId: string, store: KeyValueStore = browserStore()): string {
  const kept = store.getItem(draftMessageKey(channelId))
  return kept && UUID.test(kept) ? kept : newId()
}

/** Files were attached: keep the id so that a reload goes on with the same message. */
export function keepDraftMessageId(
  channelId: string,
  messageId: string,
  store: KeyValueStore = browserStore()
): void {
  try {
    store.setItem(draftMessageKey(channelId), messageId)
  } catch {
    // a full or unavailable store: a reload then starts the uploads over
  }
}

/** The message was sent (or has nothing attached any more): the next one gets a new id. */
export function forgetDraftMessageId(
  channelId: string,
  store: KeyValueStore = browserStore()
): void {
  store.removeItem(draftMessageKey(channelId))
}

/**
 * Whether a remembered upload (its object name) is this file's in the draft's message: the same
 * path (a retry), or one in the same message's folder that no other attached file has (the same
 * file attached again after a reload, under a new attachment id). Another message's upload of
 * the same file is never this one.
 */
export function isDraftUpload(
  path: string,
  objectName: string,
  taken: ReadonlySet<string>
): boolean {
  if (objectName === path) return true
  const folder = path.slice(0, path.lastIndexOf('/') + 1)
  if (!folder || !objectName.startsWith(folder)) return false
  const name = objectName.slice(folder.length)
  return name.length > 0 && !name.includes('/') && !taken.has(objectName)
}
