// Incoming webhooks in Settings → Integrations (slots/integrations.ts): the dialog's first
// section.
import type { IntegrationsSection } from '../../slots/integrations.ts'

export default {
  order: 10,
  load: () => import('./components/WebhooksSection.tsx'),
} satisfies IntegrationsSection
