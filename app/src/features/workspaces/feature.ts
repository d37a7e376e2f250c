// The workspace's own items (slots/workspace.ts): inviting people (admins) and its members.
import { t } from '@lingui/core/macro'
import { formatLocale } from '../../lib/i18n.ts'
import type { MenuScope, WorkspaceFeature } from '../../slots/workspace.ts'

function membersLabel({ memberCount }: MenuScope): string {
  const count =
    memberCount === undefined ? '…' : new Intl.NumberFormat(formatLocale()).format(memberCount)
  return t`Members (${count})`
}

const workspaces: WorkspaceFeature = {
  id: 'workspaces',
  menu: [
    { dialog: 'invite', order: 10, label: () => t`Invite people`, shown: (s) => s.isAdmin },
    { dialog: 'members', order: 20, label: membersLabel },
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
