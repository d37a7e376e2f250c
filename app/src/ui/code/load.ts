// highlight.ts, a chunk of its own, fetched once for every snippet and code block that wants it;
// a failed fetch (offline) is tried again by the next ask, the code meanwhile shown uncoloured.
import type * as HighlightModule from './highlight.ts'

export type Highlighter = typeof HighlightModule

let loaded: Promise<Highlighter> | null = null

export function loadHighlighter(): Promise<Highlighter> {
  loaded ??= import('./highlight.ts').catch((error: unknown) => {
    loaded = null
    throw error
  })
  return loaded
}

/** Longer texts are shown without colours (colouring 1 MB would hold the page). */
export const COLOURED_CHARS = 200_000
