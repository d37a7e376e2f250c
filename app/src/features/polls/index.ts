// Polls (issue 71, item 5): a message carrying a question and options, voted on from the message
// itself, live for everyone. The card is the message slot's (message-extension.tsx); `/poll`
// (features/slash-commands) reads its text here and makes the poll, or opens the dialog.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { CreatePollProps } from './components/CreatePollDialog.tsx'

export const CreatePollDialog = lazyRetrying<CreatePollProps>(
  () => import('./components/CreatePollDialog.tsx'),
  Nothing
)
export { parsePollCommand } from './data/poll-text.ts'
export { createPoll } from './data/create-poll.ts'
