// Who may post, in the composer (slots/composer.ts): where I may not post (or reply, in a
// thread's composer), the composer closes and says why; a chunk of its own, rendered once the
// first screen is shown.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { ComposerPart } from '../../slots/composer.ts'

const part: ComposerPart = {
  Gate: lazyRetrying(() => import('./components/PostingGate.tsx'), Nothing),
}
export default part
