// localStorage that never throws: private modes, quotas and corrupt JSON degrade to "nothing
// stored" instead of breaking the app.
export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export const memoryStore = (): KeyValueStore => {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

let probed: KeyValueStore | null = null

/** sessionStorage's key that says the person signed in here chose "This is a shared computer"
 * (set at sign-in by features/auth/data/auth-mutations.ts, before the session is stored). */
export const SHARED_KEY = 'chorus.shared-computer'

/** Whether this tab's person chose "This is a shared computer" at sign-in: then their session,
 * outbox, drafts and every other thing the app keeps live in this tab's sessionStorage (closing
 * the tab forgets them), and nothing is kept offline (offline-cache.ts: no cache, no kept screen). */
export function isSharedComputer(): boolean {
  try {
    return sessionStorage.getItem(SHARED_KEY) === '1'
  } catch {
    return false
  }
}

/** localStorage when it can be written, else a store in memory: found out once a page (the
 * probe writes to localStorage, a millisecond or more each time on a busy first screen); this
 * tab's sessionStorage on a shared computer (isSharedComputer). */
export function browserStore(): KeyValueStore {
  if (isSharedComputer()) return sessionStorage
  if (probed) return probed
  try {
    const probe = '__chorus_probe__'
    window.localStorage.setItem(probe, '1')
    window.localStorage.removeItem(probe)
    probed = window.localStorage
  } catch {
    probed = memoryStore()
  }
  return probed
}

export function readJson<T>(store: KeyValueStore, key: string, fallback: T): T {
  try {
    const text = store.getItem(key)
    return text === null ? fallback : (JSON.parse(text) as T)
  } catch {
    return fallback
  }
}

export function writeJson(store: KeyValueStore, key: string, value: unknown): boolean {
  try {
    store.setItem(key, JSON.stringify(value))
    return true
  } catch {
    return false
  }
}
