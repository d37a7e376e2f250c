// Realtime topics. They are private channels: the policies on realtime.messages (in
// supabase/migrations) let only members of the workspace or channel join, send and track.
export const workspaceTopic = (workspaceId: string) => `workspace:${workspaceId}`
export const channelTopic = (channelId: string) => `channel:${channelId}`
