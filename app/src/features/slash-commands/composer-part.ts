// Slash commands in the composer (slots/composer.ts): a text that starts with one / (not //) is
// a command, never sent as a message; its panel (a lazy chunk) lists the commands and runs one.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { ComposerPart } from '../../slots/composer.ts'

const part: ComposerPart = {
  command: {
    claims: (text) => text[0] === '/' && text[1] !== '/',
    Panel: lazyRetrying(() => import('./components/SlashCommands.tsx'), Nothing),
  },
}
export default part
