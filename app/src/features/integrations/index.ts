// Integrations (Slack-compatible incoming webhooks): the APP marker reaches the message screen
// through its extension slot (message-extension.tsx, found by ../message-extensions.ts); the Settings screen, for workspace
// admins, is a lazy chunk opened from the workspace menu.
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const IntegrationsDialog = lazyRetrying(
  () => import('./components/IntegrationsDialog.tsx'),
  NotLoaded
)
