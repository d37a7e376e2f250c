// A message's actions (data: ../actions.ts), shown three ways by one component: the hover
// toolbar (icons, on a wide screen with a mouse); from its "More actions" button, a menu anchored
// beside it (every action with its label, the quick reactions at its top); and at phone width
// or with a coarse pointer (where the toolbar shows only that button), or by a long press, the
// action sheet at the bottom of the screen. A lazy chunk itself (MessageActions.tsx stands in
// for it until it is loaded, after the first screen); the menu, the sheet and the quick
// reactions are lazy chunks of their own; once the menu has loaded, it holds the button (its
// trigger: the focus comes back to it).
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import type { MessageAction } from '../../../slots/message.ts'
import { Suspense, useState } from 'react'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'
import { bodyAsLine } from '../../../../../supabase/functions/_shared/body-line.ts'

const ActionSheet = lazyRetrying(() => import('./ActionSheet.tsx'), NotLoaded)
const ActionMenu = lazyRetrying(() => import('./ActionMenu.tsx'), NotLoaded)
const QuickReactions = lazyRetrying(() => import('./QuickReactions.tsx'), NotLoaded)

export interface MessageActionsProps {
  actions: MessageAction[]
  /** Only the "More actions" button (the row not yet pointed at or focused). */
  compact?: boolean
  /** A quick reaction (the sheet's row of emoji, the toolbar's picker); absent: read-only. */
  onReact?: (emoji: string) => void
  /** The toolbar's reaction picker is open. */
  picking: boolean
  sheetOpen: boolean
  onSheet: (open: boolean) => void
  /** Who wrote the message and its body, which the menu's and the sheet's heading say as one line
   * ("Ann: lunch with @Bo?"). */
  author: string
  body: string
  nameOf: (userId: string | null) => string
  /** Opens the full emoji picker. */
  onMoreEmoji?: () => void
}

/** How the "More actions" button opened what it opens before this chunk had loaded. */
export interface Opened {
  asMenu: boolean
  byKey: boolean
}

/** A phone, or a touch screen: the bottom sheet rather than a menu beside the message. */
export const wantsSheet = () =>
  window.matchMedia?.('(max-width: 700px), (pointer: coarse)').matches ?? true

export default function MessageToolbar(props: MessageActionsProps & { opened: Opened | null }) {
  const { actions, onReact, picking, sheetOpen, onSheet, opened } = props
  const more = t`More actions`
  // The menu's chunk holds the button once first opened (null: not yet); opened by a key, its
  // first item takes the focus.
  const [ownMenu, setMenu] = useState<{ byKey: boolean } | null>(null)
  // Opened as the menu (else as the sheet: a phone, a touch screen, a long press).
  const [ownAsMenu, setAsMenu] = useState(false)
  // Opened by the first screen's button before this chunk was in: as it asked, until closed
  // (the menu, once there, keeps holding the button, so the focus comes back to it).
  if (opened?.asMenu && !ownMenu) setMenu({ byKey: opened.byKey })
  const menu = ownMenu ?? (opened?.asMenu ? { byKey: opened.byKey } : null)
  const asMenu = opened ? opened.asMenu : ownAsMenu
  // Made only for the menu and the sheet: mentions as names, no markdown marks.
  const summary =
    menu || sheetOpen ? `${props.author}: ${bodyAsLine(props.body, props.nameOf, 80)}` : ''
  const open = (byKey: boolean) => {
    const sheet = wantsSheet()
    setAsMenu(!sheet)
    if (!sheet) setMenu({ byKey })
    onSheet(true)
  }
  const close = () => {
    setAsMenu(false)
    onSheet(false)
  }
  const button = (
    <button
      type="button"
      className="icon-button action-more"
      aria-label={more}
      title={more}
      aria-haspopup="menu"
      aria-expanded={sheetOpen}
      onClick={(e) => open(e.detail === 0)}
    >
      <Icon name="ellipsis" size={16} />
    </button>
  )
  return (
    <>
      <div className="message-actions" role="toolbar" aria-label={t`Message actions`}>
        {!props.compact &&
          actions
            .filter((a) => a.inToolbar)
            .map((a) => (
              <button
                key={a.id}
                type="button"
                className="icon-button action-icon"
                aria-label={a.label}
                title={a.title ?? a.label}
                aria-expanded={a.id === 'react' ? picking : undefined}
                onClick={a.run}
              >
                <Icon name={a.icon} size={16} />
              </button>
            ))}
        {menu ? (
          <Suspense fallback={button}>
            <ActionMenu
              trigger={
                <button
                  type="button"
                  className="icon-button action-more"
                  aria-label={more}
                  title={more}
                >
                  <Icon name="ellipsis" size={16} />
                </button>
              }
              open={sheetOpen && asMenu}
              onOpenChange={(next) => (next ? open(false) : close())}
              actions={actions}
              onReact={onReact}
              onMoreEmoji={props.onMoreEmoji}
              summary={summary}
              focusFirst={menu.byKey}
            />
          </Suspense>
        ) : (
          button
        )}
        {picking && onReact && (
          <Suspense fallback={null}>
            <QuickReactions onPick={onReact} onMore={props.onMoreEmoji} />
          </Suspense>
        )}
      </div>
      {sheetOpen && !asMenu && (
        <Suspense fallback={null}>
          <ActionSheet
            actions={actions}
            onReact={onReact}
            summary={summary}
            onMoreEmoji={props.onMoreEmoji}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  )
}
