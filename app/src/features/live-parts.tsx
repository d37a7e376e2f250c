// The live slot, filled (slots/live.ts): every feature folder with a live-part.tsx is in, found
// at build time by Vite's import.meta.glob. They keep what is shown current (statuses, the
// activity beacon, my language) and the first screen waits for none of them: their code is
// loaded once it is shown, as Realtime's is. Adding one touches only its folder.
import { Suspense } from 'react'
import { useAfterFirstScreen } from '../lib/first-screen.ts'
import { lazyRetrying, Nothing } from '../lib/lazy.ts'
import type { LivePart, LivePartProps } from '../slots/live.ts'

const loaders = Object.values(
  import.meta.glob<LivePart>('./*/live-part.tsx', { import: 'default' })
)

/** Every feature's live part, loaded (lazyRetrying below tries again when this fails). */
export function loadLiveParts(): Promise<LivePart[]> {
  return Promise.all(loaders.map((load) => load()))
}

const AllParts = lazyRetrying<LivePartProps>(
  () =>
    loadLiveParts().then((parts) => ({
      default: (props: LivePartProps) => parts.map(({ Live }, i) => <Live key={i} {...props} />),
    })),
  Nothing
)

/** What the features keep running while this workspace is open (it renders nothing). */
export function LiveParts(props: LivePartProps) {
  const later = useAfterFirstScreen()
  // A boundary of its own: their code arriving holds nothing else on screen.
  return later ? (
    <Suspense fallback={null}>
      <AllParts {...props} />
    </Suspense>
  ) : null
}
