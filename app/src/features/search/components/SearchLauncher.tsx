// The header's search box and the keys that open search (Ctrl/Cmd+G, or / outside a text
// field), the quick switcher (Ctrl/Cmd+K) and the shortcuts list (Ctrl/Cmd+/). Each loads on
// first use (React.lazy): the first screen carries only this button; the keys and the recently
// opened channels kept for the switcher are SearchLayer.tsx's, loaded after the first screen.
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { Suspense, useState } from 'react'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import type { SearchContext } from '../search-context.ts'
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'
import type { Opened } from './SearchLayer.tsx'

// The keys, the recent visits and the panels: once the first screen is shown (or a click asks).
const SearchLayer = lazyRetrying(() => import('./SearchLayer.tsx'), Nothing)

interface Props extends SearchContext {
  channelId: string | null
}

export function SearchLauncher({ channelId, ...context }: Props) {
  const [open, setOpen] = useState<Opened>(null)
  const { workspaceName } = context
  const label = t`Search ${workspaceName}`
  const later = useAfterFirstScreen()

  return (
    <>
      <button
        type="button"
        className="button button-small search-launcher"
        aria-label={label}
        aria-keyshortcuts="Control+G Meta+G /"
        onClick={() => setOpen('search')}
      >
        <Icon name="search" size={16} />
        <span className="search-launcher-text" aria-hidden="true">
          {label}
        </span>
      </button>
      {(later || open) && (
        <Suspense fallback={null}>
          <SearchLayer {...context} channelId={channelId} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  )
}
