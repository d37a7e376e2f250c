// My language kept in step with my profile while a workspace is open (slots/live.ts): a language
// chosen on another device is taken here too, reloading the app to show it. Its code is loaded
// once the first screen is shown, which it never changes.
import { Suspense } from 'react'
import { lazyRetrying } from '../../lib/lazy.ts'
import { useAfterFirstScreen } from '../../lib/first-screen.ts'
import type { LivePart, LivePartProps } from '../../slots/live.ts'

const Nothing = () => null

const LanguageSync = lazyRetrying<{ me: string }>(
  () => import('./components/LanguageSync.tsx').then((m) => ({ default: m.LanguageSync })),
  Nothing
)

function Live({ me }: LivePartProps) {
  const later = useAfterFirstScreen()
  // A boundary of its own: its code arriving must not hold anything else on screen.
  return later ? (
    <Suspense fallback={null}>
      <LanguageSync me={me} />
    </Suspense>
  ) : null
}

const part: LivePart = { Live }
export default part
