export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
  members: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'members'] as const,
  /** The workspace's guests (features/guests' query, under this prefix). */
  guests: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'guests'] as const,
  invites: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'invites'] as const,
  invite: (token: string) => [...workspaceKeys.all, 'invite', token] as const,
}
