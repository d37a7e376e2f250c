// Groups in the composer (slots/composer.ts): their handles in the mention autocomplete, read
// once an @ is typed; and, before a message that mentions @channel, @here, @everyone or a group
// goes out, how many people it would notify (a chunk loaded then), asked above the workspace's
// threshold.
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import { mentionsMany } from '../../lib/message-tokens.ts'
import type { ComposerPart } from '../../slots/composer.ts'

const GroupNames = lazyRetrying(() => import('./components/GroupNames.tsx'), Nothing)
const BroadcastConfirm = lazyRetrying(() => import('./components/BroadcastConfirm.tsx'), Nothing)

const part: ComposerPart = {
  Names: GroupNames,
  beforeSend: {
    applies: mentionsMany,
    // A chunk that cannot be loaded (offline) asks nothing: the message goes, the database decides.
    check: async (scope, body) => {
      const loaded = await import('./data/mention-reach.ts').catch(() => null)
      const answer = loaded ? await loaded.mentionReach(scope.channelId, body) : null
      if (answer?.kind !== 'ask') return answer ?? { kind: 'send' }
      return { kind: 'ask', question: (p) => <BroadcastConfirm reach={answer.reach} {...p} /> }
    },
  },
}
export default part
