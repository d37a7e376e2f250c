// The shell's dialog host: at most one dialog is open, named by WorkspaceDialog. The shell only
// says which; each dialog gets what it needs from the workspace here. Loaded lazily, with the
// dialogs, when the first one opens (none is part of the first screen).
import { Suspense } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { assertNever } from '../lib/result.ts'
import { navigate } from '../lib/router.ts'
import { useSignOut } from '../features/auth/index.ts'
import { InviteDialog, MembersDialog, workspaceKeys } from '../features/workspaces/index.ts'
import type { Member, Workspace } from '../features/workspaces/index.ts'
import {
  AddPeopleDialog,
  BrowseChannelsDialog,
  ChannelSettingsDialog,
  CreateChannelDialog,
  channelKeys,
  NewDmDialog,
} from '../features/channels/index.ts'
import type { Channel } from '../features/channels/index.ts'
import { ProfileDialog } from '../features/profiles/index.ts'
import { IntegrationsDialog } from '../features/integrations/index.ts'
import { AuditLogDialog } from '../features/audit/index.ts'
import { GroupsDialog } from '../features/groups/index.ts'
import { ChannelRetentionNote, RetentionDialog } from '../features/retention/index.ts'
import { ReportsDialog } from '../features/moderation/index.ts'
import { ImportDialog } from '../features/imports/index.ts'
import { ExportDialog } from '../features/exports/index.ts'

export type WorkspaceDialog =
  | 'invite'
  | 'members'
  | 'create-channel'
  | 'browse'
  | 'new-dm'
  | 'add-people'
  | 'channel-settings'
  | 'profile'
  | 'integrations'
  | 'audit-log'
  | 'groups'
  | 'retention'
  | 'reports'
  | 'import'
  | 'export'

interface Props {
  dialog: WorkspaceDialog
  onClose: () => void
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

export default function WorkspaceDialogs(props: Props) {
  const { dialog, onClose, workspaceId, members, channel, me } = props
  const signOut = useSignOut()
  const queryClient = useQueryClient()
  const others = members
    .filter((m) => m.userId !== me)
    .map((m) => ({ id: m.userId, name: m.displayName }))
  switch (dialog) {
    case 'invite':
      return (
        <InviteDialog
          workspaceId={workspaceId}
          workspaceName={props.workspace?.name ?? ''}
          userId={me}
          open
          onClose={onClose}
        />
      )
    case 'members':
      return (
        <MembersDialog
          workspaceId={workspaceId}
          members={members}
          me={me}
          myRole={props.workspace?.role ?? 'member'}
          open
          onClose={onClose}
        />
      )
    case 'create-channel':
      return (
        <CreateChannelDialog workspaceId={workspaceId} open onClose={onClose} people={others} />
      )
    case 'browse':
      return (
        <BrowseChannelsDialog
          workspaceId={workspaceId}
          open
          onClose={onClose}
          joinedIds={new Set(props.channels.map((c) => c.id))}
        />
      )
    case 'new-dm':
      return <NewDmDialog workspaceId={workspaceId} open onClose={onClose} people={others} />
    case 'add-people':
      return (
        channel && (
          <AddPeopleDialog
            workspaceId={workspaceId}
            open
            onClose={onClose}
            channel={channel}
            candidates={others}
          />
        )
      )
    case 'channel-settings':
      return (
        channel && (
          <ChannelSettingsDialog
            key={channel.id}
            workspaceId={workspaceId}
            open
            onClose={onClose}
            channel={channel}
            details={
              <Suspense fallback={null}>
                <ChannelRetentionNote workspaceId={workspaceId} channelId={channel.id} />
              </Suspense>
            }
          />
        )
      )
    case 'profile':
      return (
        <ProfileDialog
          userId={me}
          email={props.email}
          open
          onClose={onClose}
          onSignOut={() => signOut.mutate(undefined, { onSuccess: () => navigate('/sign-in') })}
        />
      )
    case 'integrations':
      return (
        <Suspense fallback={null}>
          <IntegrationsDialog
            workspaceId={workspaceId}
            channels={props.channels}
            members={members}
            open
            onClose={onClose}
          />
        </Suspense>
      )
    case 'groups':
      return (
        <Suspense fallback={null}>
          <GroupsDialog
            workspaceId={workspaceId}
            me={me}
            members={members}
            isAdmin={props.workspace?.role === 'owner' || props.workspace?.role === 'admin'}
            isOwner={props.workspace?.role === 'owner'}
            open
            onClose={onClose}
          />
        </Suspense>
      )
    case 'audit-log':
      return (
        <Suspense fallback={null}>
          <AuditLogDialog
            workspaceId={workspaceId}
            workspaceName={props.workspace?.name ?? ''}
            members={members}
            open
            onClose={onClose}
          />
        </Suspense>
      )
    case 'retention':
      return (
        <Suspense fallback={null}>
          <RetentionDialog
            workspaceId={workspaceId}
            workspaceName={props.workspace?.name ?? ''}
            channels={props.channels}
            open
            onClose={onClose}
          />
        </Suspense>
      )
    case 'reports':
      return (
        <Suspense fallback={null}>
          <ReportsDialog
            workspaceId={workspaceId}
            me={me}
            isOwner={props.workspace?.role === 'owner'}
            members={members}
            open
            onClose={onClose}
          />
        </Suspense>
      )
    case 'import':
      return (
        <Suspense fallback={null}>
          <ImportDialog
            workspaceId={workspaceId}
            workspaceName={props.workspace?.name ?? ''}
            me={me}
            onDone={() => {
              void queryClient.invalidateQueries({ queryKey: [...channelKeys.all, workspaceId] })
              void queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) })
            }}
            open
            onClose={onClose}
          />
        </Suspense>
      )
    case 'export':
      return (
        <Suspense fallback={null}>
          <ExportDialog
            workspaceId={workspaceId}
            workspaceName={props.workspace?.name ?? ''}
            isOwner={props.workspace?.role === 'owner'}
            me={me}
            open
            onClose={onClose}
          />
        </Suspense>
      )
    default:
      return assertNever(dialog, 'dialog')
  }
}
