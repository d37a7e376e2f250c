// The workspace's own items (slots/workspace.ts): inviting people (admins) and its members.
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const workspaces: WorkspaceFeature = {
  id: 'workspaces',
  menu: [
    { dialog: 'invite', order: 10, label: () => 'Invite people', shown: (s) => s.isAdmin },
    { dialog: 'members', order: 20, label: (s) => `Members (${s.memberCount ?? '…'})` },
  ],
  dialogs: [
    {
      id: 'invite',
      load: () => import('./workspace-dialogs.tsx').then((m) => ({ default: m.Invite })),
    },
    {
      id: 'members',
      load: () => import('./workspace-dialogs.tsx').then((m) => ({ default: m.Members })),
    },
  ],
}
export default workspaces
