// The workspace's slots (issue 51, item 1): the items a feature adds to the workspace menu and
// the dialogs it opens in the shell's dialog host. A feature declares them in its feature.ts;
// features/registry.ts collects every feature's; the shell shows what is registered and names
// no feature. A dialog is a lazy chunk (`load`), given the workspace as the shell knows it.
import type { ComponentType, ReactNode } from 'react'
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

/**
 * Why a workspace of the rail cannot be opened, when a feature knows (closed by two-factor
 * sign-in, my membership suspended): its screen in place of the shell's "not available", or the
 * children when it does not apply. The gates wrap one another, lowest `order` outermost.
 */
export interface WorkspaceGate {
  order: number
  load: () => Promise<{
    default: ComponentType<{ workspaceId: string; email: string; children: ReactNode }>
  }>
}

/** A notice over the open workspace (after the first screen): it renders nothing when idle. */
export interface WorkspaceNotice {
  load: () => Promise<{
    default: ComponentType<{ workspaceId: string; workspaceName: string }>
  }>
}

/** What a feature adds to the workspace (its feature.ts's default export). */
export interface WorkspaceFeature {
  id: string
  menu?: readonly WorkspaceMenuItem[]
  dialogs?: readonly WorkspaceDialogSlot[]
  gate?: WorkspaceGate
  notice?: WorkspaceNotice
}

/** A role's reach, as the dialogs ask it. */
export const isAdminOf = (scope: WorkspaceScope) =>
  scope.workspace?.role === 'owner' || scope.workspace?.role === 'admin'
export const isOwnerOf = (scope: WorkspaceScope) => scope.workspace?.role === 'owner'
