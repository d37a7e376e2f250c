// Drafts in the composer (slots/composer.ts): the part beside Send that keeps the box's text on my
// account and takes a newer one from my other devices (it shows nothing), a chunk of its own
// rendered once the first screen is shown; the Drafts view is workspace-view.tsx's.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { ComposerPart } from '../../slots/composer.ts'

const part: ComposerPart = {
  SendMenu: lazyRetrying(() => import('./components/DraftSync.tsx'), Nothing),
}
export default part
