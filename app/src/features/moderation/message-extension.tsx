// Moderation in the message screen's extension slot (slots/message.ts): a stub, so that
// nothing of it weighs on the first screen. After the first screen it mounts its lazy chunk
// (components/ModerationSlot.tsx) as its overlay, which hands back the actions and markers
// (slot.ts: Report message, Reported, Removed by an admin, Restore message) and shows the
// report dialog.
import { Suspense, useMemo, useState } from 'react'
import { useAfterFirstScreen } from '../../lib/first-screen.ts'
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'
import type { MessageExtension, MessageFeature, UseMessageExtension } from '../../slots/message.ts'
import type { SlotParts } from './ModerationSlot.tsx'

const ModerationSlot = lazyRetrying(() => import('./ModerationSlot.tsx'), NotLoaded)

export const useModerationExtension: UseMessageExtension = (scope) => {
  const later = useAfterFirstScreen()
  const [parts, setParts] = useState<SlotParts>({})
  return useMemo(
    (): MessageExtension => ({
      id: 'moderation',
      ...parts,
      overlay: later && (
        <Suspense fallback={null}>
          <ModerationSlot scope={scope} onParts={setParts} />
        </Suspense>
      ),
    }),
    [later, parts, scope]
  )
}

/** In the slot (features/message-extensions.ts finds it by this file's name). */
const moderation: MessageFeature = {
  id: 'moderation',
  order: 70,
  useChannel: useModerationExtension,
}
export default moderation
