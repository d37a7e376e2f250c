// The header's search box and the keys that open search (Ctrl/Cmd+G, or / outside a text
// field), the quick switcher (Ctrl/Cmd+K) and the shortcuts list (Ctrl/Cmd+/). Each loads on
// first use (React.lazy): the first screen carries only this button. It also keeps the recently
// opened channels for the switcher (recent-visit.ts, loaded after the first screen).
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { Suspense, useEffect, useState } from 'react'
import { afterFirstScreen } from '../../../lib/first-screen.ts'
import type { SearchContext } from '../search-context.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'
import { ShortcutsDialog } from '../../shortcuts/index.ts'

const SearchPanel = lazyRetrying(() => import('./SearchPanel.tsx'), NotLoaded)
const QuickSwitcher = lazyRetrying(() => import('./QuickSwitcher.tsx'), NotLoaded)

interface Props extends SearchContext {
  channelId: string | null
}

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  )
}

export function SearchLauncher({ channelId, ...context }: Props) {
  const [open, setOpen] = useState<'search' | 'switcher' | 'shortcuts' | null>(null)
  const { workspaceId, workspaceName } = context
  const label = t`Search ${workspaceName}`

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey
      const key = e.key.toLowerCase()
      if (mod && !e.altKey && !e.shiftKey && key === 'k') {
        e.preventDefault()
        setOpen('switcher')
      } else if (mod && key === '/') {
        e.preventDefault()
        setOpen('shortcuts')
      } else if (
        (mod && !e.altKey && key === 'g') ||
        (key === '/' && !mod && !isTextField(e.target))
      ) {
        e.preventDefault()
        setOpen('search')
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  useEffect(() => {
    if (channelId)
      afterFirstScreen(
        () =>
          void import('../recent-visit.ts').then(
            (m) => m.recordVisit(workspaceId, channelId),
            () => undefined
          )
      )
  }, [workspaceId, channelId])

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
      <Suspense fallback={null}>
        {open === 'search' && <SearchPanel {...context} onClose={() => setOpen(null)} />}
        {open === 'switcher' && <QuickSwitcher {...context} onClose={() => setOpen(null)} />}
        {open === 'shortcuts' && <ShortcutsDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  )
}
