// The sidebar's "Threads" entry: a plain link on the first screen; a moment after it is shown
// (lib/first-screen.ts), the one that counts unread replies and keeps the thread queries fresh
// (ThreadsLinkCounted.tsx, with the threads query: not first-screen code).
import { Suspense } from 'react'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { ThreadsLinkView } from './ThreadsLinkView.tsx'
import type { ThreadsLinkProps } from './ThreadsLinkView.tsx'
import { lazyRetrying } from '../../../lib/lazy.ts'

// Without its code (offline, for good) the plain link stays.
const ThreadsLinkCounted = lazyRetrying(
  () => import('./ThreadsLinkCounted.tsx'),
  (props: ThreadsLinkProps) => <ThreadsLinkView {...props} unread={0} />
)

export function ThreadsLink(props: ThreadsLinkProps) {
  const plain = <ThreadsLinkView {...props} unread={0} />
  if (!useAfterFirstScreen()) return plain
  return (
    <Suspense fallback={plain}>
      <ThreadsLinkCounted {...props} />
    </Suspense>
  )
}
