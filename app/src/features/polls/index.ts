// Polls (issue 71, item 5): a message carrying a question and options, voted on from the message
// itself, live for everyone. The card is the message slot's (message-extension.tsx), and the
// Threads view's (PollOrText, here; this module is a chunk loaded when needed); `/poll` (features/slash-commands) reads its text here and makes the
// poll, or opens the dialog; the composer's button is composer-tool.ts.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { CreatePollProps } from './components/CreatePollDialog.tsx'

export const CreatePollDialog = lazyRetrying<CreatePollProps>(
  () => import('./components/CreatePollDialog.tsx'),
  Nothing
)
export { PollOrText } from './components/PollOrText.tsx'
export type { PollOrTextProps } from './components/PollOrText.tsx'
export { parsePollCommand } from './data/poll-text.ts'
export { createPoll } from './data/create-poll.ts'
