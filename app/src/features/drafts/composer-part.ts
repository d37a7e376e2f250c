// Drafts in the composer (slots/composer.ts): the part beside Send that keeps the box's text on my
// account and takes a newer one from my other devices (it shows nothing), rendered once the first
// screen is shown. Its code is the Drafts view's chunk (workspace-view.tsx), whose component,
// given a composer's props, is the sync: one chunk and one loader on the first screen.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { ComposerPart } from '../../slots/composer.ts'
import view from './workspace-view.tsx'

const part: ComposerPart = {
  SendMenu: lazyRetrying(view.load, Nothing),
}
export default part
