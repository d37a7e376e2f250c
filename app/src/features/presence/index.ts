export { useWorkspacePresence } from './data/presence-store.ts'
export type { Presence } from './data/presence-of.ts'
