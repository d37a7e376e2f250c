// A message feature whose parts all come from a lazy chunk (moderation's, forwarding's, pins'): in the
// slot (slots/message.ts) it is a stub, so that nothing of the feature weighs on the first screen.
// After the first screen the stub mounts the chunk's component as its overlay; the component hands
// back the feature's parts (actions, markers, what shows above or below a message's text) through
// `onParts` and renders its dialogs itself.
import { Suspense, useMemo, useState } from 'react'
import type { ComponentType } from 'react'
import { useAfterFirstScreen } from '../lib/first-screen.ts'
import { lazyRetrying } from '../lib/lazy.ts'
import { NotLoaded } from '../ui/NotLoaded.tsx'
import type { ExtensionScope, MessageExtension, MessageFeature } from '../slots/message.ts'

/** What a lazy feature's component hands back to its stub. */
export type SlotParts = Pick<
  MessageExtension,
  'actions' | 'markers' | 'aboveBody' | 'belowBody' | 'banner'
>

export interface SlotProps {
  scope: ExtensionScope
  onParts: (parts: SlotParts) => void
}

export function lazyMessageFeature(
  id: string,
  order: number,
  load: () => Promise<{ default: ComponentType<SlotProps> }>
): MessageFeature {
  const Slot = lazyRetrying(load, NotLoaded)
  function useChannel(scope: ExtensionScope): MessageExtension {
    const later = useAfterFirstScreen()
    const [parts, setParts] = useState<SlotParts>({})
    return useMemo(
      () => ({
        id,
        ...parts,
        overlay: later && (
          <Suspense fallback={null}>
            <Slot scope={scope} onParts={setParts} />
          </Suspense>
        ),
      }),
      [later, parts, scope]
    )
  }
  return { id, order, useChannel }
}
