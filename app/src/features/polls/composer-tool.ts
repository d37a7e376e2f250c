// "Create a poll" in the composer's bar (slots/composer.ts, a tool: Zulip's compose box has it,
// as Slack's shortcuts menu does): the button is in the composer's tools' chunk, loaded once the
// first screen is shown; the dialog is a chunk of its own.
import type { ComposerTool } from '../../slots/composer.ts'
import { PollTool } from './components/PollTool.tsx'

const tool: ComposerTool = { id: 'polls', order: 10, Tool: PollTool }
export default tool
