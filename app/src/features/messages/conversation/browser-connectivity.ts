// The browser's idea of being online, for the live channel. Coming back to a hidden tab counts
// as coming online too: timers and sockets may have slept.
import type { Connectivity } from './live-channel.ts'

export const browserConnectivity: Connectivity = {
  isOnline: () => navigator.onLine,
  subscribe(listener) {
    const online = () => listener(true)
    const offline = () => listener(false)
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
    }
  },
}
