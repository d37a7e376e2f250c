export { usePresence } from './data/use-presence.ts'
export type { Presence } from './data/use-presence.ts'
