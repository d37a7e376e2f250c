// marked, and parse.ts around it, are a lazy chunk: a body that plain.ts cannot read waits for
// it. It is fetched when the first such body is shown (at boot already when a message kept on
// the device for the channel opened has markup), or a moment after the first screen
// (lib/first-screen.ts), whichever comes first, so the first screen does not wait for it unless
// it shows markup; when it does, the first screen counts as shown once the parser is here. A failed fetch (offline before the service worker kept it) is tried again on
// the next ask; meanwhile such bodies show their text as typed.
import { afterFirstScreen, holdFirstScreen } from '../../../lib/first-screen.ts'
import { someCachedMessage } from '../../../lib/offline-cache.ts'
import { plainBlocks } from './plain.ts'
import type { Block } from './tree.ts'

export type MarkdownState = 'idle' | 'loading' | 'ready' | 'failed'

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
  loading ??= import('./parse.ts').then(
    (module) => {
      parse = module.parseMarkdown
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

/**
 * Boot, before the first render: the parser starts loading now if a message kept on this device
 * for the channel being opened has markup, so the first screen does not find out in a row's
 * effect and then wait for the chunk.
 */
export function loadMarkdownForKept(userId: string, channelId: string): void {
  const hasMarkup = (message: unknown) => {
    const body = (message as { body?: unknown } | null)?.body
    return typeof body === 'string' && plainBlocks(body) === null
  }
  if (someCachedMessage(userId, channelId, hasMarkup)) void loadMarkdown()
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

/** The parser's tree of `source`, or null while the parser is not loaded. */
export function parsedNow(source: string): Block[] | null {
  return parse ? parse(source) : null
}

afterFirstScreen(() => void loadMarkdown())
