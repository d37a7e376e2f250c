// The composer's slot, filled (slots/composer.ts): every feature folder with a composer-part.ts
// or composer-part.tsx is in, found at build time by Vite's import.meta.glob (eager: the composer
// is on the first screen). Adding one touches only its folder.
import { useMemo } from 'react'
import { useReports } from '../lib/reports.ts'
import type { ComposerName, ComposerPart } from '../slots/composer.ts'

const parts = Object.values(
  import.meta.glob<ComposerPart>('./*/composer-part.{ts,tsx}', { eager: true, import: 'default' })
)

/** The texts parts take over, with their panels. */
export const composerCommands = parts.flatMap((p) => (p.command ? [p.command] : []))
const nameReaders = parts.flatMap((p) => (p.Names ? [p.Names] : []))
/** The menus beside Send. */
export const sendMenus = parts.flatMap((p) => (p.SendMenu ? [p.SendMenu] : []))
/** What may close the composer (one part's: who may post). */
export const ComposerGate = parts.find((p) => p.Gate)?.Gate
/** The checks before a body is sent. */
export const composerChecks = parts.flatMap((p) => (p.beforeSend ? [p.beforeSend] : []))

/** The names parts offer to mention, and their readers (each rendered with its `onNames`). */
export function useComposerNames() {
  const { reports, reporters } = useReports<(typeof nameReaders)[number], ComposerName[]>(
    nameReaders
  )
  return { names: useMemo(() => reports.flat(), [reports]), sources: reporters }
}
