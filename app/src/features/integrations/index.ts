// Integrations (Slack-compatible incoming webhooks): the APP marker reaches the message screen
// through its extension slot (../message-extensions.ts); the Settings screen, for workspace
// admins, is a lazy chunk opened from the workspace menu.
import { lazy } from 'react'

export { useIntegrationsExtension } from './message-extension.ts'
export const IntegrationsDialog = lazy(() => import('./components/IntegrationsDialog.tsx'))
