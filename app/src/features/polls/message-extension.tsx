// Polls in the message screen's extension slot (slots/message.ts): a poll's card under its
// message, whose text begins as create_poll writes it ("📊 Poll: "), and no Edit on it. On the
// first screen: only this test and the lazy card (components/PollCard.tsx, its data and styles a chunk of their own).
import { Suspense } from 'react'
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { MessageExtension, MessageFeature } from '../../slots/message.ts'

const PollCard = lazyRetrying(() => import('./components/PollCard.tsx'), Nothing)

const extension: MessageExtension = {
  id: 'polls',
  // the poll's question and options are not edited as text
  fixedText: (message) => message.body.startsWith('📊 Poll: '),
  belowBody: (message, row) =>
    message.body.startsWith('📊 Poll: ') && (
      <Suspense fallback={null}>
        <PollCard message={message} row={row} />
      </Suspense>
    ),
}

const polls: MessageFeature = { id: 'polls', order: 70, useChannel: () => extension }
export default polls
