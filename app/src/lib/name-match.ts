// Finding people by name, the one way every list of people does it (the members list, the people
// picker, the mention autocomplete): case-insensitive, a name matches when it or one of its words
// starts with what was typed ("lee" finds "Ann Lee", "ann l" finds "Ann Lee"). Each name is
// lowered once and kept, since a workspace's 5,000 names are filtered on every keystroke.
const lowered = new Map<string, string>()
const LOWERED_KEPT = 20_000

function lower(name: string): string {
  let low = lowered.get(name)
  if (low === undefined) {
    if (lowered.size >= LOWERED_KEPT) lowered.clear()
    low = name.toLocaleLowerCase()
    lowered.set(name, low)
  }
  return low
}

/** A test of names against `query` (every name matches an empty query). */
export function nameMatcher(query: string): (name: string) => boolean {
  const q = query.trim().toLocaleLowerCase()
  if (!q) return () => true
  return (name) => {
    const low = lower(name)
    for (let at = low.indexOf(q); at !== -1; at = low.indexOf(q, at + 1)) {
      if (at === 0 || /\s/.test(low[at - 1]!)) return true
    }
    return false
  }
}

/** The items whose name matches `query`, in their order. */
export function filterByName<T>(
  items: readonly T[],
  query: string,
  nameOf: (item: T) => string
): T[] {
  const matches = nameMatcher(query)
  return items.filter((item) => matches(nameOf(item)))
}
