// The workspace menu's items (a lazy chunk, loaded when the menu first opens: not part of the
// first screen): each closes the menu and opens its dialog (the focus on the menu's button, to
// come back to it); Leave asks first. The first item takes the focus once it is here
// (MenuButton's own focusing ran before the chunk arrived).
import { useEffect, useRef } from 'react'
import type { WorkspaceDialog } from './WorkspaceDialogs.tsx'

export interface WorkspaceMenuProps {
  close: () => void
  onDialog: (dialog: WorkspaceDialog) => void
  onLeave: () => void
  workspaceName: string
  memberCount: number | undefined
  isAdmin: boolean
  isOwner: boolean
  isGuest: boolean
}

export default function WorkspaceMenu(props: WorkspaceMenuProps) {
  const { close, onDialog, isAdmin, isOwner } = props
  const leave = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    leave.current?.parentElement?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [])
  const item = (dialog: WorkspaceDialog, label: string, shown = true) =>
    shown && (
      <button
        key={dialog}
        type="button"
        role="menuitem"
        onClick={(e) => {
          // The menu's button takes the focus before the item goes: the dialog gives it back
          // there when it closes (ui/dialog-focus.ts).
          e.currentTarget.closest('.menu')?.querySelector<HTMLElement>('[aria-haspopup]')?.focus()
          close()
          onDialog(dialog)
        }}
      >
        {label}
      </button>
    )
  return (
    <>
      {item('invite', 'Invite people', isAdmin)}
      {item('members', `Members (${props.memberCount ?? '…'})`)}
      {item('groups', 'Groups', !props.isGuest)}
      {item('integrations', 'Integrations', isAdmin)}
      {item('reports', 'Reports', isAdmin)}
      {item('audit-log', 'Audit log', isOwner)}
      {item('retention', 'Retention', isOwner)}
      {item('import', 'Import from Slack', isOwner)}
      {item('export', isOwner ? 'Export' : 'Export my data')}
      <button
        ref={leave}
        type="button"
        role="menuitem"
        onClick={() => {
          close()
          if (window.confirm(`Leave ${props.workspaceName}?`)) props.onLeave()
        }}
      >
        Leave workspace
      </button>
    </>
  )
}
