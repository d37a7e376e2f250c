export const channelKeys = {
  all: ['channels'] as const,
  list: (workspaceId: string) => [...channelKeys.all, workspaceId, 'list'] as const,
  browse: (workspaceId: string) => [...channelKeys.all, workspaceId, 'browse'] as const,
  rosters: () => [...channelKeys.all, 'members'] as const,
  members: (channelId: string) => [...channelKeys.all, 'members', channelId] as const,
}
