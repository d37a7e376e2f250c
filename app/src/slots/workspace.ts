// The workspace's slots (issue 51, item 1): the items a feature adds to the workspace menu and
// the dialogs it opens in the shell's dialog host. A feature declares them in its feature.ts;
// features/registry.ts collects every feature's; the shell shows what is registered and names
// no feature. A dialog is a lazy chunk (`load`), given the workspace as the shell knows it.
import type { ComponentType } from 'react'
import type { Channel } from '../features/channels/index.ts'
import type { Member, Workspace } from '../features/workspaces/index.ts'

/** The open workspace, as the shell's dialog host hands it to a dialog. */
export interface WorkspaceScope {
  workspaceId: string
  workspace: Workspace | undefined
  members: Member[]
  /** My channels in this workspace. */
  channels: Channel[]
  /** The open channel, when there is one. */
  channel: Channel | null
  me: string
  email: string
}

export interface WorkspaceDialogProps extends WorkspaceScope {
  onClose: () => void
}

/** A dialog the shell's host can open by its id (from the menu, or a button of the shell's). */
export interface WorkspaceDialogSlot {
  id: string
  load: () => Promise<{ default: ComponentType<WorkspaceDialogProps> }>
}

/** What the workspace menu knows when it opens. */
export interface MenuScope {
  memberCount: number | undefined
  isAdmin: boolean
  isOwner: boolean
  isGuest: boolean
}

/** An item of the workspace menu: it opens the dialog of that id. */
export interface WorkspaceMenuItem {
  dialog: string
  /** Its place in the menu (lowest first). */
  order: number
  label: (scope: MenuScope) => string
  /** Shown to everyone when absent. */
  shown?: (scope: MenuScope) => boolean
}

/** What a feature adds to the workspace (its feature.ts's default export). */
export interface WorkspaceFeature {
  id: string
  menu?: readonly WorkspaceMenuItem[]
  dialogs?: readonly WorkspaceDialogSlot[]
}

/** A role's reach, as the dialogs ask it. */
export const isAdminOf = (scope: WorkspaceScope) =>
  scope.workspace?.role === 'owner' || scope.workspace?.role === 'admin'
export const isOwnerOf = (scope: WorkspaceScope) => scope.workspace?.role === 'owner'
