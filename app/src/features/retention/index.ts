// Retention (issue 34, part 3): Settings, Retention for workspace owners and a channel's
// retention in its details, both lazy chunks (nothing here is part of the first screen). The
// deleting itself is the database's hourly job, never the app's.
import { Nothing, lazyRetrying } from '../../lib/lazy.ts'

export const ChannelRetentionNote = lazyRetrying(
  () => import('./components/ChannelRetentionNote.tsx'),
  Nothing
)
