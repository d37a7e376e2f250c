// Announcement channels (issue 71, item 8): who may post in a channel. The composer's part is
// composer-part.ts (slots/composer.ts: a gate that closes the composer where I may not post, a
// lazy chunk rendered once the first screen is shown); the setting is a part of the channel's
// settings dialog (a lazy chunk too). Nothing here is part of the first screen.
import { Nothing, lazyRetrying } from '../../lib/lazy.ts'

export const PostingSettings = lazyRetrying(
  () => import('./components/PostingSettings.tsx'),
  Nothing
)
