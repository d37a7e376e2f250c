export { useChannelsQuery, useChannelMembersQuery } from './data/channels-query.ts'
export type { ChannelMember } from './data/channels-query.ts'
export { useChannelMutations, useMarkReadMutation, useShowRead } from './data/channel-mutations.ts'
export { useChannelRowPatch, useMembershipPatch, useRefreshRoster } from './data/channel-cache.ts'
export { channelAfter } from './data/sidebar-order.ts'
export { channelKeys } from './data/keys.ts'
export { channelLabel } from './data/types.ts'
export type { Channel, ChannelKind } from './data/types.ts'
export { Sidebar } from './components/Sidebar.tsx'
export {
  CreateChannelDialog,
  BrowseChannelsDialog,
  NewDmDialog,
} from './components/ChannelDialogs.tsx'
export { AddPeopleDialog } from './components/AddPeopleDialog.tsx'
export { ChannelSettingsDialog } from './components/ChannelSettingsDialog.tsx'
