// Send later in the composer (slots/composer.ts): the chevron beside Send, in a channel's or a
// thread's composer, a chunk of its own rendered once the first screen is shown; the Scheduled
// view is workspace-view.tsx's.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { ComposerPart } from '../../slots/composer.ts'

const part: ComposerPart = {
  SendMenu: lazyRetrying(() => import('./components/SendLater.tsx'), Nothing),
}
export default part
