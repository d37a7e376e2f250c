import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'
import type { InviteDialogProps } from './components/InviteDialog.tsx'
import type { MembersDialogProps } from './components/MembersDialog.tsx'
export { useWorkspacesQuery } from './data/workspaces-query.ts'
export { useMembersQuery } from './data/members-query.ts'
export { useLeaveWorkspace } from './data/workspace-mutations.ts'
export { workspaceKeys } from './data/keys.ts'
export type { Workspace, Member, Role } from './data/types.ts'
export { canManage } from './data/types.ts'
export { useWorkspaceLive } from './data/use-workspace-live.ts'
export type { ChannelChange } from './data/use-workspace-live.ts'

// The invite and members dialogs (the guest fields and a guest's kind with them): chunks of
// their own, as the workspace dialogs that show them, never the first screen.
export const InviteDialog = lazyRetrying<InviteDialogProps>(
  () => import('./components/InviteDialog.tsx').then((m) => ({ default: m.InviteDialog })),
  NotLoaded
)
export const MembersDialog = lazyRetrying<MembersDialogProps>(
  () => import('./components/MembersDialog.tsx').then((m) => ({ default: m.MembersDialog })),
  NotLoaded
)

// The pages of a first workspace and of an invitation: chunks of their own, loaded when shown.
export const CreateWorkspacePage = lazyRetrying<{ first: boolean }>(
  () =>
    import('./components/CreateWorkspacePage.tsx').then((m) => ({
      default: m.CreateWorkspacePage,
    })),
  NotLoaded
)
export const AcceptInvitePage = lazyRetrying<{ token: string; email: string }>(
  () => import('./components/AcceptInvitePage.tsx').then((m) => ({ default: m.AcceptInvitePage })),
  NotLoaded
)
