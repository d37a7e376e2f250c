// The channels' dialogs (slots/workspace.ts), opened from the sidebar and the channel's header:
// create, browse, a new direct message, add people, the channel's settings.
import type { ComponentType } from 'react'
import type { WorkspaceDialogProps, WorkspaceFeature } from '../../slots/workspace.ts'
import type * as Dialogs from './workspace-dialogs.tsx'

const load = (pick: (m: typeof Dialogs) => ComponentType<WorkspaceDialogProps>) => () =>
  import('./workspace-dialogs.tsx').then((m) => ({ default: pick(m) }))

const channels: WorkspaceFeature = {
  id: 'channels',
  dialogs: [
    { id: 'create-channel', load: load((m) => m.Create) },
    { id: 'browse', load: load((m) => m.Browse) },
    { id: 'new-dm', load: load((m) => m.NewDm) },
    { id: 'add-people', load: load((m) => m.AddPeople) },
    { id: 'channel-settings', load: load((m) => m.Settings) },
  ],
}
export default channels
