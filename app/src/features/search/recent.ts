// Where the recently opened channels and people of a workspace are kept (localStorage).
export const recentKey = (workspaceId: string) => `chorus.recent.${workspaceId}`
