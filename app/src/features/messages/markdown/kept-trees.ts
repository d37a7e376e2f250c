// The trees of the message bodies with markup this device parsed last (the newest KEPT_TREES),
// kept with the person's offline copy (lib/offline-cache.ts), so that a return visit shows the
// bodies it kept without the parser's chunk: fetching, compiling and running it (marked, the
// emoji pattern) was a fifth of a return visit on the bench (bench/app/size.ts). A tree is the
// parser's output for the body alone and says nothing the body does not; a kept one is used only
// by the parser that made it (__CHORUS_PARSER__, scripts/parser-version.ts). Reading them is the
// first screen's (here); keeping new ones is the parser chunk's (keep-trees.ts).
// Whose: the person of the session boot found (restoreTrees); their trees are written only while
// they are the one signed in (writeCachedValue), so someone signing in after them in the same page
// reads theirs but adds nothing to them, and never gets them.
import { readCachedValue } from '../../../lib/offline-cache.ts'
import type { Block } from './tree.ts'

export const TREES_VALUE = 'trees'

export interface KeptTrees {
  parser: string
  /** [body, tree], the one parsed longest ago first. */
  trees: [string, Block[]][]
}

/** The trees this page holds, the one parsed longest ago first, and whose they are. */
export const kept = { trees: new Map<string, Block[]>(), owner: null as string | null }

/** Boot: the trees kept for `userId`, if the same parser made them. Once a page. */
export function restoreTrees(userId: string): void {
  if (kept.owner !== null) return
  kept.owner = userId
  const value = readCachedValue<KeptTrees>(userId, TREES_VALUE)
  if (value?.parser !== __CHORUS_PARSER__ || !Array.isArray(value.trees)) return
  for (const entry of value.trees) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && Array.isArray(entry[1]))
      kept.trees.set(entry[0], entry[1])
  }
}

/** The kept tree of `body`, if this device parsed it before. */
export function keptTree(body: string): Block[] | undefined {
  return kept.trees.get(body)
}
