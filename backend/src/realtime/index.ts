// The realtime service (scaffold: its issue fills it in).
import type { Service } from '../context.ts'

export function realtimeService(): Service {
  return {
    name: 'realtime',
    prefix: '/realtime/v1',
    async register() {},
  }
}
