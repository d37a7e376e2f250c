// The rest service (scaffold: its issue fills it in).
import type { Service } from '../context.ts'

export function restService(): Service {
  return {
    name: 'rest',
    prefix: '/rest/v1',
    async register() {},
  }
}
