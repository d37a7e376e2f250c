// The open channel's star in its header, beside its name (slots/header.ts; the button,
// components/HeaderStar.tsx, a chunk loaded once the first screen is shown).
import { Suspense } from 'react'
import { Nothing, lazyRetrying } from '../../lib/lazy.ts'
import { useAfterFirstScreen } from '../../lib/first-screen.ts'
import type { HeaderPart, HeaderPartProps } from '../../slots/header.ts'

const HeaderStar = lazyRetrying(() => import('./components/HeaderStar.tsx'), Nothing)

function Part(props: HeaderPartProps) {
  return useAfterFirstScreen() ? (
    <Suspense fallback={null}>
      <HeaderStar {...props} />
    </Suspense>
  ) : null
}

export default { order: 5, place: 'about', Part } satisfies HeaderPart
