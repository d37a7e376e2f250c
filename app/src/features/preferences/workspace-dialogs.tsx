// Preferences and Workspace settings as the shell's dialog host opens them (slots/workspace.ts),
// given the workspace as the shell knows it. A lazy chunk.
import { channelLabel } from '../channels/index.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import { PreferencesDialog } from './components/PreferencesDialog.tsx'
import { WorkspaceSettingsDialog } from './components/WorkspaceSettingsDialog.tsx'

export function Preferences({ workspaceId, channel, me, onClose }: WorkspaceDialogProps) {
  return (
    <PreferencesDialog
      workspaceId={workspaceId}
      me={me}
      conversation={
        channel
          ? {
              id: channel.id,
              label: (channel.kind === 'dm' ? '' : '#') + channelLabel(channel, me),
              isDm: channel.kind === 'dm',
              level: channel.notifyLevel ?? null,
              muted: !!channel.muted,
            }
          : null
      }
      onClose={onClose}
    />
  )
}

export function WorkspaceSettings({ workspaceId, workspace, onClose }: WorkspaceDialogProps) {
  return (
    <WorkspaceSettingsDialog
      workspaceId={workspaceId}
      workspaceName={workspace?.name ?? ''}
      onClose={onClose}
    />
  )
}
