// The storage service (scaffold: its issue fills it in).
import type { Service } from '../context.ts'

export function storageService(): Service {
  return {
    name: 'storage',
    prefix: '/storage/v1',
    async register() {},
  }
}
