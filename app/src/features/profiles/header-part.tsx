// A direct message's other person under its name in the header (slots/header.ts, 'about'):
// their presence, status and local time (components/DmAbout.tsx, a chunk loaded once the first
// screen is shown, and only for a DM).
import { Suspense } from 'react'
import { Nothing, lazyRetrying } from '../../lib/lazy.ts'
import { useAfterFirstScreen } from '../../lib/first-screen.ts'
import type { HeaderPart, HeaderPartProps } from '../../slots/header.ts'

const DmAbout = lazyRetrying(() => import('./components/DmAbout.tsx'), Nothing)

function Part(props: HeaderPartProps) {
  const dm = props.channels.find((c) => c.id === props.channelId)?.kind === 'dm'
  return useAfterFirstScreen() && dm ? (
    <Suspense fallback={null}>
      <DmAbout {...props} />
    </Suspense>
  ) : null
}

export default { order: 10, place: 'about', Part } satisfies HeaderPart
