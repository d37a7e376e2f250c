// The channels' dialogs as the shell's dialog host opens them (a lazy chunk: feature.ts). The
// people offered are the workspace's others; the settings show who may post (and change it, for
// those who may) and the channel's retention.
import { Suspense } from 'react'
import { PostingSettings } from '../posting/index.ts'
import { ChannelRetentionNote } from '../retention/index.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import { AddPeopleDialog } from './components/AddPeopleDialog.tsx'
import {
  BrowseChannelsDialog,
  CreateChannelDialog,
  NewDmDialog,
} from './components/ChannelDialogs.tsx'
import { ChannelSettingsDialog } from './components/ChannelSettingsDialog.tsx'

const othersOf = (p: WorkspaceDialogProps) =>
  p.members.filter((m) => m.userId !== p.me).map((m) => ({ id: m.userId, name: m.displayName }))

export function Create(p: WorkspaceDialogProps) {
  return (
    <CreateChannelDialog
      workspaceId={p.workspaceId}
      open
      onClose={p.onClose}
      people={othersOf(p)}
    />
  )
}

export function Browse(p: WorkspaceDialogProps) {
  return (
    <BrowseChannelsDialog
      workspaceId={p.workspaceId}
      open
      onClose={p.onClose}
      joinedIds={new Set(p.channels.map((c) => c.id))}
    />
  )
}

export function NewDm(p: WorkspaceDialogProps) {
  return <NewDmDialog workspaceId={p.workspaceId} open onClose={p.onClose} people={othersOf(p)} />
}

export function AddPeople(p: WorkspaceDialogProps) {
  return (
    p.channel && (
      <AddPeopleDialog
        workspaceId={p.workspaceId}
        open
        onClose={p.onClose}
        channel={p.channel}
        candidates={othersOf(p)}
      />
    )
  )
}

export function Settings(p: WorkspaceDialogProps) {
  const { channel } = p
  return (
    channel && (
      <ChannelSettingsDialog
        key={channel.id}
        workspaceId={p.workspaceId}
        open
        onClose={p.onClose}
        channel={channel}
        details={
          <Suspense fallback={null}>
            {channel.kind !== 'dm' && (
              <PostingSettings
                channelId={channel.id}
                members={p.members.map((m) => ({
                  id: m.userId,
                  name: m.displayName,
                  admin: m.role === 'owner' || m.role === 'admin',
                }))}
              />
            )}
            <ChannelRetentionNote workspaceId={p.workspaceId} channelId={channel.id} />
          </Suspense>
        }
      />
    )
  )
}
