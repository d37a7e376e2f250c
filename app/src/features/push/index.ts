// Web Push (issue 53's phones): this browser's devices, listed and turned on or off in
// Preferences → Notifications (PushDevices); the workspace's "hide message text" in Workspace
// settings (useHideContent).
export { PushDevices } from './components/PushDevices.tsx'
export { useHideContent } from './data/hide-content.ts'
