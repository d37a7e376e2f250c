// Slash commands in Settings → Integrations (slots/integrations.ts): after the incoming webhooks.
import type { IntegrationsSection } from '../../slots/integrations.ts'

export default {
  order: 20,
  load: () =>
    import('./components/SlashCommandsSection.tsx').then((m) => ({
      default: m.SlashCommandsSection,
    })),
} satisfies IntegrationsSection
