// Keeping the trees of bodies just parsed (kept-trees.ts says why): part of the parser's lazy
// chunk (parser.ts), as only a parsed body has a tree to keep.
import { deferredWrite } from '../../../lib/deferred-write.ts'
import type { DeferredWrite } from '../../../lib/deferred-write.ts'
import { writeCachedValue } from '../../../lib/offline-cache.ts'
import { kept, TREES_VALUE } from './kept-trees.ts'
import type { KeptTrees } from './kept-trees.ts'
import type { Block } from './tree.ts'

/** How many trees a device keeps: a few screens of messages with markup (~100 KB). */
export const KEPT_TREES = 400

const WRITE_DELAY_MS = 2000

let writer: DeferredWrite | null = null

/** A body just parsed: kept (written a moment later), the one parsed longest ago let go. */
export function keepTree(body: string, tree: Block[]): void {
  const person = kept.owner
  if (person === null || kept.trees.has(body)) return
  kept.trees.set(body, tree)
  for (const old of kept.trees.keys()) {
    if (kept.trees.size <= KEPT_TREES) break
    kept.trees.delete(old)
  }
  writer ??= deferredWrite(() => {
    const value: KeptTrees = { parser: __CHORUS_PARSER__, trees: [...kept.trees] }
    writeCachedValue(person, TREES_VALUE, value)
  }, WRITE_DELAY_MS)
  writer.schedule()
}

// Channels this device lost (lib/lost-channels.ts) took their bodies' trees out of storage and
// say which bodies' trees are left: this page's copy keeps only those, or the next write would
// put the others back.
window.addEventListener('chorus:channels-forgotten', (event) => {
  const still = (event as CustomEvent<Set<unknown>>).detail
  for (const body of kept.trees.keys()) if (!still.has(body)) kept.trees.delete(body)
})
