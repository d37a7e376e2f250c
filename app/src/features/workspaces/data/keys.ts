export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
  members: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'members'] as const,
  invites: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'invites'] as const,
  invite: (token: string) => [...workspaceKeys.all, 'invite', token] as const,
}
