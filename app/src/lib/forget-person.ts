// What a device deletes of a person whose session the server refused to renew ("sign out
// everywhere" elsewhere, a session revoked, the account deleted): their offline cache (with the
// kept screen and the parsed trees, offline-cache.ts), their unsent messages (the outbox) and the
// drafts. The outbox is dropped, not kept for their next sign-in here: whoever has this device
// could read it, and a key to lock it would have to come from the server, which the refused
// session cannot ask. Not in the first screen: the sign-in page's chunk runs it
// (features/auth/data/forget-ended.ts).
import { clearCache } from './offline-cache.ts'

/** The composer's drafts (messages/components/Composer.tsx), per channel. */
export const DRAFTS = 'chorus.draft.v1.'

/** The person's unsent messages in a channel (messages/conversation/outbox.ts). */
export const outboxKey = (userId: string, channelId: string) =>
  `chorus.outbox.v1.${userId}.${channelId}`

/** Deletes the keys that match from localStorage and this tab's sessionStorage (where a shared
 * computer keeps them, local-store.ts). */
export function removeStored(matches: (key: string) => boolean): void {
  try {
    for (const area of [localStorage, sessionStorage]) {
      for (const key of Object.keys(area)) if (matches(key)) area.removeItem(key)
    }
  } catch {
    // storage unavailable: nothing was kept
  }
}

export function forgetPerson(userId: string): void {
  clearCache(userId)
  removeStored((key) => key.startsWith(outboxKey(userId, '')) || key.startsWith(DRAFTS))
}
