// Bots in Settings → Integrations (slots/integrations.ts): after the slash commands.
import type { IntegrationsSection } from '../../slots/integrations.ts'

export default {
  order: 30,
  load: () => import('./components/BotsSection.tsx'),
} satisfies IntegrationsSection
