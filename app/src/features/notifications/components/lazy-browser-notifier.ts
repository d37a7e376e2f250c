// The browser notifier, loaded lazily: a chunk of its own that the first screen does not wait for.
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'

export const BrowserNotifier = lazyRetrying(() => import('./BrowserNotifier.tsx'), Nothing)
