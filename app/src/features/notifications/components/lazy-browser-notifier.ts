// The browser notifier, loaded lazily: a chunk of its own that the first screen does not wait for.
import { lazy } from 'react'

export const BrowserNotifier = lazy(() => import('./BrowserNotifier.tsx'))
