// The header search's keys (Ctrl/Cmd+G or / opens search, Ctrl/Cmd+K the quick switcher,
// Ctrl/Cmd+/ the shortcuts list), the recently opened channels kept for the switcher
// (recent-visit.ts), and whichever of the three is open: a chunk the SearchLauncher loads once
// the first screen is shown, or when its button is pressed before.
import { Suspense, useEffect } from 'react'
import type { SearchContext } from '../search-context.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'
import { ShortcutsDialog } from '../../shortcuts/index.ts'

const SearchPanel = lazyRetrying(() => import('./SearchPanel.tsx'), NotLoaded)
const QuickSwitcher = lazyRetrying(() => import('./QuickSwitcher.tsx'), NotLoaded)

export type Opened = 'search' | 'switcher' | 'shortcuts' | null

interface Props extends SearchContext {
  channelId: string | null
  open: Opened
  setOpen: (open: Opened) => void
}

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  )
}

export default function SearchLayer({ channelId, open, setOpen, ...context }: Props) {
  const { workspaceId } = context

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
    // Said on the page, so that whoever drives it (a test) knows the keys are there.
    document.documentElement.dataset.searchKeys = ''
    return () => {
      window.removeEventListener('keydown', onKey)
      delete document.documentElement.dataset.searchKeys
    }
  }, [setOpen])

  useEffect(() => {
    if (channelId)
      void import('../recent-visit.ts').then(
        (m) => m.recordVisit(workspaceId, channelId),
        () => undefined
      )
  }, [workspaceId, channelId])

  return (
    <Suspense fallback={null}>
      {open === 'search' && <SearchPanel {...context} onClose={() => setOpen(null)} />}
      {open === 'switcher' && <QuickSwitcher {...context} onClose={() => setOpen(null)} />}
      {open === 'shortcuts' && <ShortcutsDialog onClose={() => setOpen(null)} />}
    </Suspense>
  )
}
