// A message's actions as the first screen has them: only the "More actions" button, until the
// row is first pointed at, focused or its button pressed. Then MessageToolbar (the hover
// toolbar, the menu beside it, the action sheet), a lazy chunk fetched once the first screen has
// shown, so the rows a channel opens with carry none of it.
import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import { Icon } from '../../../ui/Icon.tsx'
import { afterFirstScreen } from '../../../lib/first-screen.ts'
import { lazyRetrying, loadRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'
import type { MessageActionsProps, Opened } from './MessageToolbar.tsx'

const loadToolbar = () => import('./MessageToolbar.tsx')
const MessageToolbar = lazyRetrying(loadToolbar, NotLoaded)
afterFirstScreen(() => void loadRetrying(loadToolbar).catch(() => undefined))

export function MessageActions(props: MessageActionsProps) {
  // Pressed before the toolbar's chunk had loaded: how it opens once it has.
  const [opened, setOpened] = useState<Opened | null>(null)
  const more = t`More actions`
  const justTheButton = (
    <div className="message-actions" role="toolbar" aria-label={t`Message actions`}>
      <button
        type="button"
        className="icon-button action-more"
        aria-label={more}
        title={more}
        aria-haspopup="menu"
        aria-expanded={props.sheetOpen}
        onClick={(e) => {
          void loadToolbar().then(({ wantsSheet }) => {
            setOpened({ asMenu: !wantsSheet(), byKey: e.detail === 0 })
            props.onSheet(true)
          })
        }}
      >
        <Icon name="ellipsis" size={16} />
      </button>
    </div>
  )
  if (props.compact && !props.sheetOpen) return justTheButton
  return (
    <Suspense fallback={justTheButton}>
      <MessageToolbar
        {...props}
        opened={opened}
        onSheet={(open) => {
          if (!open) setOpened(null)
          props.onSheet(open)
        }}
      />
    </Suspense>
  )
}
