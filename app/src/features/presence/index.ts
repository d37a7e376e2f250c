export { useWorkspacePresence } from './data/use-workspace-presence.ts'
export type { Presence } from './data/use-presence.ts'
