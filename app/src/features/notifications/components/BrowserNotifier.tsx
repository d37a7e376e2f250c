// The browser notifier (use-browser-notifications.ts) as a component that renders nothing, so
// that it and what only it uses (thread replies, the other workspaces' topics, the reminders'
// alerts) load as a chunk of their own after the first screen. Starting a moment later changes
// nothing a person sees: the open workspace's channel list it first sees is the one fetched with
// the first screen, and for the other workspaces what came since the page opened is handed over
// (data/use-other-workspaces.ts).
import { useBrowserNotifications } from './use-browser-notifications.ts'
import type { BrowserNotifierOptions } from './use-browser-notifications.ts'

export default function BrowserNotifier(options: BrowserNotifierOptions): null {
  useBrowserNotifications(options)
  return null
}
