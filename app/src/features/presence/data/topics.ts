// A workspace's Realtime topic. It is a private channel: the policies on realtime.messages (in
// supabase/migrations) let only members of the workspace join, send and track.
export const workspaceTopic = (workspaceId: string) => `workspace:${workspaceId}`
