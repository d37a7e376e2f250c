import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'
export { useWorkspacesQuery } from './data/workspaces-query.ts'
export { useMembersQuery } from './data/members-query.ts'
export { workspaceKeys } from './data/keys.ts'
export type { Workspace, Member, Role } from './data/types.ts'
export { canManage } from './data/types.ts'
export { useWorkspaceLive } from './data/use-workspace-live.ts'

/** Leaves the workspace (the workspace menu's item; its code loaded when chosen). */
export const leaveWorkspace = (workspaceId: string) =>
  import('./data/leave-workspace.ts').then((m) => m.leaveWorkspace(workspaceId))
export type { ChannelChange } from './data/use-workspace-live.ts'

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
