// Outgoing events in Settings → Integrations (slots/integrations.ts): the dialog's last section.
import type { IntegrationsSection } from '../../slots/integrations.ts'

export default {
  order: 40,
  load: () => import('./components/EventsSection.tsx'),
} satisfies IntegrationsSection
