export const securityKeys = {
  all: ['security'] as const,
  factors: () => [...securityKeys.all, 'factors'] as const,
  ownedWorkspaces: () => [...securityKeys.all, 'owned-workspaces'] as const,
  blocked: () => [...securityKeys.all, 'blocked-workspaces'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  apps: () => [...securityKeys.all, 'apps'] as const,
}
