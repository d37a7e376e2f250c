// A message's actions as the first screen has them: only the "More actions" button. The toolbar
// itself (MessageToolbar: the hover toolbar, the menu beside it, the action sheet) is a chunk
// fetched once the first screen has shown (or a row is engaged); from then on every row draws it, so a row's button
// is the same element whether the row is engaged or not (a press that engages a row is not lost
// to a button drawn anew under it). A press before the chunk is in loads it and opens what the
// press asked for.
import { t } from '@lingui/core/macro'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { Icon } from '../../../ui/Icon.tsx'
import { afterFirstScreen } from '../../../lib/first-screen.ts'
import { loadRetrying } from '../../../lib/lazy.ts'
import type * as Module from './MessageToolbar.tsx'
import type { MessageActionsProps, Opened } from './MessageToolbar.tsx'

type ToolbarModule = typeof Module

let toolbar: ToolbarModule | null = null
let loading: Promise<ToolbarModule> | null = null
const loaded = new Set<() => void>()

/** The toolbar's chunk, loaded (once): every row draws the toolbar from then on. */
export function loadToolbar(): Promise<ToolbarModule> {
  loading ??= loadRetrying(() => import('./MessageToolbar.tsx')).then(
    (module) => {
      toolbar = module
      for (const wake of loaded) wake()
      return module
    },
    (error: unknown) => {
      loading = null
      throw error
    }
  )
  return loading
}
afterFirstScreen(() => void loadToolbar().catch(() => undefined))

function onLoaded(wake: () => void): () => void {
  loaded.add(wake)
  return () => loaded.delete(wake)
}

export function MessageActions(props: MessageActionsProps) {
  const Toolbar = useSyncExternalStore(onLoaded, () => toolbar)?.default
  // Pressed before the toolbar's chunk had loaded: how it opens once it has.
  const [opened, setOpened] = useState<Opened | null>(null)
  // A row engaged before the first screen's wait is over asks for the chunk at once.
  const engaged = !props.compact
  useEffect(() => {
    if (engaged) void loadToolbar().catch(() => undefined)
  }, [engaged])
  if (Toolbar) {
    return (
      <Toolbar
        {...props}
        opened={opened}
        onSheet={(open) => {
          if (!open) setOpened(null)
          props.onSheet(open)
        }}
      />
    )
  }
  const more = t`More actions`
  return (
    <div className="message-actions" role="toolbar" aria-label={t`Message actions`}>
      <button
        type="button"
        className="icon-button action-more"
        aria-label={more}
        title={more}
        aria-haspopup="menu"
        aria-expanded={props.sheetOpen}
        onClick={(e) => {
          const byKey = e.detail === 0
          void loadToolbar().then(({ wantsSheet }) => {
            setOpened({ asMenu: !wantsSheet(), byKey })
            props.onSheet(true)
          })
        }}
      >
        <Icon name="ellipsis" size={16} />
      </button>
    </div>
  )
}
