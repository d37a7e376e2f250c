// The live slot, filled (slots/live.ts): every feature folder with a live-part.tsx is in, found
// at build time by Vite's import.meta.glob (eager: they run with the first screen). Adding one
// touches only its folder.
import type { LivePart, LivePartProps } from '../slots/live.ts'

const parts = Object.values(
  import.meta.glob<LivePart>('./*/live-part.tsx', { eager: true, import: 'default' })
)

/** What the features keep running while this workspace is open (it renders nothing). */
export function LiveParts(props: LivePartProps) {
  return parts.map(({ Live }, i) => <Live key={i} {...props} />)
}
