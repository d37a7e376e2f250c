// A channel opened goes first in the quick switcher's recent list (recent.ts). Loaded a moment
// after the first screen (SearchLauncher): the first screen does not carry the switcher's code.
import { browserStore, readJson } from '../../lib/local-store.ts'
import { recentKey } from './recent.ts'
import { touchRecent } from './switcher.ts'

export function recordVisit(workspaceId: string, channelId: string): void {
  const store = browserStore()
  const key = recentKey(workspaceId)
  store.setItem(
    key,
    JSON.stringify(touchRecent(readJson<string[]>(store, key, []), `channel:${channelId}`))
  )
}
