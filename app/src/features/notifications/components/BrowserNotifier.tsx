// The browser notifier (use-browser-notifications.ts) as a component that renders nothing, so
// that it and what only it uses (thread replies, the other workspaces' topics, the reminders'
// alerts) load as a chunk of their own after the first screen. Starting a moment later changes
// nothing a person sees: it takes the channels' positions it first sees as read, as it always did.
import { useBrowserNotifications } from './use-browser-notifications.ts'
import type { BrowserNotifierOptions } from './use-browser-notifications.ts'

export default function BrowserNotifier(options: BrowserNotifierOptions): null {
  useBrowserNotifications(options)
  return null
}
