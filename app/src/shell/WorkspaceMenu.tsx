// The workspace menu's items (a lazy chunk, loaded when the menu first opens: not part of the
// first screen): the features' items (features/registry.ts, slots/workspace.ts), each closing
// the menu and opening its dialog (the focus on the menu's button, to come back to it); Leave
// asks first (a refusal, the last owner's, in a toast). The first item takes the focus once it
// is here (MenuButton's own focusing ran before the chunk arrived); the rest of the page is inert
// while it shows (ui/inert-around.ts).
import { t } from '@lingui/core/macro'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { menuItems } from '../features/registry.ts'
import { leaveWorkspace, workspaceKeys } from '../features/workspaces/index.ts'
import { cleanError } from '../lib/clean-error.ts'
import { navigate } from '../lib/router.ts'
import { confirmed, showToast } from '../ui/layers.ts'
import { inertAround } from '../ui/inert-around.ts'

export interface WorkspaceMenuProps {
  close: () => void
  onDialog: (dialog: string) => void
  workspaceId: string
  workspaceName: string
  memberCount: number | undefined
  isAdmin: boolean
  isOwner: boolean
  isGuest: boolean
}

export default function WorkspaceMenu(props: WorkspaceMenuProps) {
  const { close, onDialog } = props
  const client = useQueryClient()
  const leave = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    leave.current?.parentElement?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [])
  // While it is open the rest of the page is inert; given back as it closes (before the dialog
  // an item opens shows itself).
  useLayoutEffect(() => {
    const menu = leave.current?.closest<HTMLElement>('.menu-button')
    return menu ? inertAround(menu) : undefined
  }, [])
  return (
    <>
      {menuItems
        .filter((item) => item.shown?.(props) ?? true)
        .map((item) => (
          <button
            key={item.dialog}
            type="button"
            role="menuitem"
            onClick={(e) => {
              // The menu's button takes the focus before the item goes: the dialog gives it back
              // there when it closes (ui/dialog-focus.ts).
              e.currentTarget
                .closest('.menu-button')
                ?.querySelector<HTMLElement>('[aria-haspopup]')
                ?.focus()
              close()
              onDialog(item.dialog)
            }}
          >
            {item.label(props)}
          </button>
        ))}
      <button
        ref={leave}
        type="button"
        role="menuitem"
        onClick={() => {
          close()
          const name = props.workspaceName
          void confirmed({
            title: t`Leave ${name}?`,
            body: t`You will no longer see its channels or messages. To come back, you need a new invitation.`,
            confirm: t`Leave workspace`,
            danger: true,
          }).then((ok) => {
            if (ok)
              void leaveWorkspace(props.workspaceId).then(
                () => {
                  void client.invalidateQueries({ queryKey: workspaceKeys.all })
                  navigate('/')
                },
                (error: unknown) => showToast({ message: cleanError(error), tone: 'error' })
              )
          })
        }}
      >
        {t`Leave workspace`}
      </button>
    </>
  )
}
