// Bots (accounts an admin makes, with an API token in Slack's Web API shape): marked "BOT"
// wherever they appear (BotBadge after a name; the BOT marker on their messages through the
// message screen's extension slot, message-extension.tsx). The Settings screen's Bots section is
// a lazy chunk, shown inside the Integrations dialog.
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export { BotBadge } from './components/BotBadge.tsx'

export const BotsSection = lazyRetrying(() => import('./components/BotsSection.tsx'), NotLoaded)
