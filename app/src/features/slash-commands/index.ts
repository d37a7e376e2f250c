// Slash commands (issue 33, part 3). The composer's part is composer-part.ts (slots/composer.ts:
// its panel is a lazy chunk, loaded once a text starts with /); the Integrations dialog mounts the
// Settings section from here.
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

import type { SlashCommandsSectionProps } from './components/SlashCommandsSection.tsx'
// Lazy too: the composer imports this module, so nothing here may pull code into the first screen.
export const SlashCommandsSection = lazyRetrying<SlashCommandsSectionProps>(
  () =>
    import('./components/SlashCommandsSection.tsx').then((m) => ({
      default: m.SlashCommandsSection,
    })),
  NotLoaded
)
