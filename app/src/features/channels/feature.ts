// The channels' dialogs (slots/workspace.ts), opened from the sidebar and the channel's header:
// create, browse, a new direct message, add people, the channel's settings.
import type { WorkspaceFeature } from '../../slots/workspace.ts'

const load = (name: 'Create' | 'Browse' | 'NewDm' | 'AddPeople' | 'Settings') => () =>
  import('./workspace-dialogs.tsx').then((m) => ({ default: m[name] }))

const channels: WorkspaceFeature = {
  id: 'channels',
  dialogs: [
    { id: 'create-channel', load: load('Create') },
    { id: 'browse', load: load('Browse') },
    { id: 'new-dm', load: load('NewDm') },
    { id: 'add-people', load: load('AddPeople') },
    { id: 'channel-settings', load: load('Settings') },
  ],
}
export default channels
