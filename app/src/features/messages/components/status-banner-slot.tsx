// The place under a channel's header where its connection's state is said (StatusBanner, a lazy
// chunk), and its data-status, which the page always carries. The banner's code loads only when
// the state may have something to say: a channel that opens live (a first visit's first screen)
// fetches it only after that screen. "Catching up…" waits a moment: most catch-ups end before it would have been
// read, and a line that flashes and goes is noise (and the first screen's bytes).
import { Suspense, useEffect, useState } from 'react'
import { useRefreshHeld } from '../../auth/index.ts'
import { afterFirstScreen } from '../../../lib/first-screen.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import type { ChannelSnapshot } from '../conversation/types.ts'

const load = () => import('./StatusBanner.tsx')
const StatusBanner = lazyRetrying(load, Empty)
// Fetched once the first screen is shown: offline, its chunk could come only from the service
// worker's copy, which a first visit does not have yet (nor a browser without service workers).
afterFirstScreen(() => void load().catch(() => undefined))

function Empty({ snapshot }: { snapshot: ChannelSnapshot }) {
  return <div className="status-banner-slot" data-status={snapshot.status} />
}

/** Whether StatusBanner may have a line to show: everything but a live channel, one catching up
 * with nothing on screen yet, and one loading its first page in peace. */
export function mayHaveBanner(snapshot: ChannelSnapshot, held: boolean): boolean {
  switch (snapshot.status) {
    case 'live':
      return false
    case 'catching-up':
      return snapshot.loaded
    case 'loading':
      return !!snapshot.error || held || snapshot.messages.length > 0
    default:
      return true
  }
}

/** How long a catch-up goes unsaid. */
export const CATCH_UP_QUIET_MS = 400

export function StatusBannerSlot(props: { snapshot: ChannelSnapshot; onRetry: () => void }) {
  const held = useRefreshHeld()
  const { snapshot } = props
  const wanted = mayHaveBanner(snapshot, held)
  // Only catching up, nothing wrong: said once it has lasted CATCH_UP_QUIET_MS.
  const quiet =
    wanted &&
    (snapshot.status === 'catching-up' ||
      (snapshot.status === 'loading' && !snapshot.error && !held))
  const [lasted, setLasted] = useState(false)
  useEffect(() => {
    setLasted(false)
    if (!quiet) return
    const timer = setTimeout(() => setLasted(true), CATCH_UP_QUIET_MS)
    return () => clearTimeout(timer)
  }, [quiet, snapshot.status])
  if (!wanted || (quiet && !lasted)) return <Empty snapshot={snapshot} />
  return (
    <Suspense fallback={<Empty snapshot={props.snapshot} />}>
      <StatusBanner {...props} />
    </Suspense>
  )
}
