// The quick switcher's list: channels, DMs, people and the workspace's views (Activity, All
// unreads, Threads, Later) whose name contains what was typed
// (accents and case ignored), the recently opened ones first. Pure.

export interface SwitcherItem {
  /** channel:<id>, person:<id> or view:<path>. */
  key: string
  kind: 'channel' | 'dm' | 'person' | 'view'
  label: string
  /** The channel to open (channels and DMs), the person to open a DM with, or the view's path. */
  id: string
}

export function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * Items whose label contains the text; recent keys first (in their order), then names that
 * start with the text, then the rest, each alphabetically. At most `limit`.
 */
export function matchSwitcher(
  items: readonly SwitcherItem[],
  text: string,
  recent: readonly string[],
  limit = 12
): SwitcherItem[] {
  const needle = foldName(text.trim().replace(/^[#@]/u, ''))
  const rankOf = (item: SwitcherItem): number => {
    const r = recent.indexOf(item.key)
    if (r >= 0) return r
    return recent.length + (foldName(item.label).startsWith(needle) ? 0 : 1)
  }
  return items
    .filter((item) => foldName(item.label).includes(needle))
    .map((item) => ({ item, rank: rankOf(item) }))
    .sort((a, b) => a.rank - b.rank || a.item.label.localeCompare(b.item.label))
    .slice(0, limit)
    .map((x) => x.item)
}

const MAX_RECENT = 20

/** The recent list after opening key: it moves to the front. */
export function touchRecent(recent: readonly string[], key: string): string[] {
  return [key, ...recent.filter((k) => k !== key)].slice(0, MAX_RECENT)
}
