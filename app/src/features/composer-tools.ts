// The composer's tools, filled (slots/composer.ts, ComposerTool): every feature folder with a
// composer-tool.ts is in, found at build time by Vite's import.meta.glob (eager: in this
// module's chunk, which is the composer's tools', messages/format/ComposerTools.tsx, loaded once
// the first screen is shown). Adding a button to the composer's bar touches only its folder.
import type { ComposerTool } from '../slots/composer.ts'

const found = import.meta.glob<ComposerTool>('./*/composer-tool.ts', {
  eager: true,
  import: 'default',
})

/** The tools, in their order. */
export const composerTools: readonly ComposerTool[] = Object.values(found).sort(
  (a, b) => a.order - b.order
)
