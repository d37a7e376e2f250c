// Web Push (issue 53's phones): this browser's devices, listed and turned on or off in the
// notifications panel (PushDevices).
export { PushDevices } from './components/PushDevices.tsx'
