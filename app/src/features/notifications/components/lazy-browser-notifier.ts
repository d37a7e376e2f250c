// The browser notifier and the title's badge, loaded lazily: chunks of their own that the first
// screen does not wait for.
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'

export const BrowserNotifier = lazyRetrying(() => import('./BrowserNotifier.tsx'), Nothing)

export const TitleBadge = lazyRetrying(() => import('./TitleBadge.tsx'), Nothing)
