// The keys of every thread query: the thread panel's own state (thread-state.ts) and the threads
// feature's Threads view, which refreshes them from my user topic.
export const threadKeys = {
  all: ['threads'] as const,
  list: (workspaceId: string) => [...threadKeys.all, 'list', workspaceId] as const,
  mine: (threadId: string) => [...threadKeys.all, 'mine', threadId] as const,
  parent: (threadId: string) => [...threadKeys.all, 'parent', threadId] as const,
}
