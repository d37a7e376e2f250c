// The picker's per-person memory in localStorage: the emoji used last (newest first, at most 24)
// and the skin tone. The key holds a hash of the person's id, not the id: signing out leaves no
// id behind (only a list of emoji).
import { browserStore, readJson, writeJson } from '../../../lib/local-store.ts'
import type { KeyValueStore } from '../../../lib/local-store.ts'

export const MAX_RECENT = 24

interface Prefs {
  recent: string[]
  /** 0: no tone; 1-5: the Fitzpatrick tones, light to dark. */
  skin: number
}

function keyOf(userId: string): string {
  // FNV-1a, 32 bits: enough to keep two people on one browser apart.
  let h = 0x811c9dc5
  for (let i = 0; i < userId.length; i++) {
    h ^= userId.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return `chorus.emoji.v1.${h.toString(16)}`
}

export function readPrefs(userId: string, store: KeyValueStore = browserStore()): Prefs {
  const p = readJson<Partial<Prefs>>(store, keyOf(userId), {})
  const recent = Array.isArray(p.recent) ? p.recent.filter((e) => typeof e === 'string') : []
  const skin = typeof p.skin === 'number' && p.skin >= 0 && p.skin <= 5 ? Math.floor(p.skin) : 0
  return { recent: recent.slice(0, MAX_RECENT), skin }
}

/** Puts an emoji first in the recent list (once). */
export function rememberEmoji(
  userId: string,
  emoji: string,
  store: KeyValueStore = browserStore()
): string[] {
  const prefs = readPrefs(userId, store)
  const recent = [emoji, ...prefs.recent.filter((e) => e !== emoji)].slice(0, MAX_RECENT)
  writeJson(store, keyOf(userId), { ...prefs, recent })
  return recent
}

export function saveSkin(userId: string, skin: number, store: KeyValueStore = browserStore()) {
  writeJson(store, keyOf(userId), { ...readPrefs(userId, store), skin })
}
