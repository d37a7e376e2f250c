// Query keys of the notification settings and of my memberships in every workspace. The rail's badges sit under the workspaces list's key
// (['workspaces', 'list', …]) so that whatever refreshes the list (new messages, reads moving
// my_workspaces' unread) refreshes them too.
export const notificationKeys = {
  all: ['notifications'] as const,
  settings: (workspaceId: string) => [...notificationKeys.all, workspaceId, 'settings'] as const,
  badges: () => ['workspaces', 'list', 'badges'] as const,
  memberships: (userId: string) => [...notificationKeys.all, 'memberships', userId] as const,
}
