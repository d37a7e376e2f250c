export { LaterLink } from './components/LaterLink.tsx'
export { useSaveForLater } from './components/SaveForLater.tsx'
export type { SaveForLater } from './components/SaveForLater.tsx'
