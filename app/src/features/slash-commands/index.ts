// Slash commands (issue 33, part 3). The composer's part (SlashCommands, typed by handle.ts) is a
// lazy chunk, loaded once a text starts with /; the Integrations dialog mounts the Settings
// section from here.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export type { SlashHandle } from './handle.ts'
import type { SlashCommandsSectionProps } from './components/SlashCommandsSection.tsx'
export const SlashCommands = lazyRetrying(() => import('./components/SlashCommands.tsx'), Nothing)
// Lazy too: the composer imports this module, so nothing here may pull code into the first screen.
export const SlashCommandsSection = lazyRetrying<SlashCommandsSectionProps>(
  () =>
    import('./components/SlashCommandsSection.tsx').then((m) => ({
      default: m.SlashCommandsSection,
    })),
  NotLoaded
)
