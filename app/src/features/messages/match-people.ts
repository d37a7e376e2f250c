// The people the composer's autocomplete offers for an @query (components/MentionList.tsx, a
// lazy chunk with the list: not the first screen's).
import { nameMatcher } from '../../lib/name-match.ts'
import type { Mentionable } from './mentions.ts'

/** The first `limit` people whose name matches the @query (lib/name-match.ts), in their order. */
export function matchPeople(people: Mentionable[], query: string, limit = 8): Mentionable[] {
  const matches = nameMatcher(query)
  const found: Mentionable[] = []
  for (const p of people) {
    if (found.length === limit) break
    if (matches(p.name)) found.push(p)
  }
  return found
}
