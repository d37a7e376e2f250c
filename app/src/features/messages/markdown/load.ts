// marked, and parse.ts around it, are a lazy chunk: a body that plain.ts cannot read waits for
// it. It is fetched when the first such body is shown (at boot already when a message kept on
// the device for the channel opened has markup), or a moment after the first screen
// (lib/first-screen.ts), whichever comes first, so the first screen does not wait for it unless
// it shows markup; when it does, the first screen counts as shown once the parser is here. A failed fetch (offline before the service worker kept it) is tried again on
// the next ask; meanwhile such bodies show their text as typed.
import { afterFirstScreen, holdFirstScreen } from '../../../lib/first-screen.ts'
import { someCachedMessage } from '../../../lib/offline-cache.ts'
import { keptTree, restoreTrees } from './kept-trees.ts'
import { plainBlocks } from './plain.ts'
import type { Block } from './tree.ts'

export type MarkdownState = 'idle' | 'loading' | 'ready' | 'failed'

/** The parser, keeping what it parses (keep-trees.ts). */
let parse: ((source: string) => Block[]) | null = null
let state: MarkdownState = 'idle'
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()

function set(next: MarkdownState): void {
  state = next
  for (const listener of listeners) listener()
}

/** Loads the parser once (again after a failure); resolves when it is there or has failed. */
export function loadMarkdown(): Promise<void> {
  if (parse) return Promise.resolve()
  loading ??= import('./parser.ts').then(
    ({ parseMarkdown, keepTree }) => {
      parse = (source) => {
        const tree = parseMarkdown(source)
        keepTree(source, tree)
        return tree
      }
      set('ready')
    },
    () => {
      loading = null
      set('failed')
    }
  )
  if (state !== 'loading') set('loading')
  // Asked for by a body on the first screen: that screen is readable once it is here.
  holdFirstScreen(loading)
  return loading
}

/** An emoji may be in the text (a pictograph, a flag's letters, a keycap, a custom :name:). */
const HAS_EMOJI = /\p{ExtPict}|\p{RI}|\u20e3|:[\w+-]+:/u

/** The body as plain text's blocks, or null when it needs the parser (markup, or an emoji,
 * whose images the parser's chunk makes: emoji.ts). */
export function plainBody(body: string): Block[] | null {
  return HAS_EMOJI.test(body) ? null : plainBlocks(body)
}

/**
 * Boot, before the first render: the trees this device kept of the person's bodies
 * (kept-trees.ts), and the parser starts loading now if a message kept for the channel being
 * opened needs it and has no kept tree, so the first screen does not find out in a row's effect
 * and then wait for the chunk.
 */
export function loadMarkdownForKept(userId: string, channelId: string | null): void {
  restoreTrees(userId)
  if (channelId === null) return
  const needsParser = (message: unknown) => {
    const body = (message as { body?: unknown } | null)?.body
    return typeof body === 'string' && plainBody(body) === null && keptTree(body) === undefined
  }
  if (someCachedMessage(userId, channelId, needsParser)) void loadMarkdown()
}

export function markdownState(): MarkdownState {
  return state
}

export function subscribeMarkdown(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * The messages kept on this device for a channel were written: their bodies' trees are kept too,
 * so that the next visit shows them without the parser (rows off screen were never parsed). They
 * are parsed a moment after the first screen, when the parser is fetched anyway.
 */
export function keepTreesOf(bodies: string[]): void {
  const wanted = bodies.filter((body) => plainBody(body) === null && keptTree(body) === undefined)
  if (wanted.length === 0) return
  afterFirstScreen(
    () =>
      void loadMarkdown().then(() => {
        for (const body of wanted) parsedNow(body)
      })
  )
}

/** The tree this device kept of `source` (kept-trees.ts), or null. */
export function keptNow(source: string): Block[] | null {
  return keptTree(source) ?? null
}

/** The tree of `source`: kept on this device, else the parser's (then kept), or null while the
 * parser is not loaded. */
export function parsedNow(source: string): Block[] | null {
  return keptTree(source) ?? (parse ? parse(source) : null)
}

afterFirstScreen(() => void loadMarkdown())
