// Integrations (Slack-compatible incoming webhooks, outgoing events in Slack's Events API format):
// the APP marker reaches the message screen through its extension slot (message-extension.tsx,
// found by ../message-extensions.ts); the Settings screen, for workspace admins, is a lazy chunk
// opened from the workspace menu (IntegrationsDialog, with its Outgoing events section,
// EventsSection).
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const IntegrationsDialog = lazyRetrying(
  () => import('./components/IntegrationsDialog.tsx'),
  NotLoaded
)
