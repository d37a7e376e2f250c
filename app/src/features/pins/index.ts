export { PinsBar } from './components/PinsBar.tsx'
export { useChannelPinning } from './data/pins.ts'
export type { ChannelPinning } from './data/pins.ts'
