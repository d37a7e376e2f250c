// The auth service (scaffold: its issue fills it in).
import type { Service } from '../context.ts'

export function authService(): Service {
  return {
    name: 'auth',
    prefix: '/auth/v1',
    async register() {},
  }
}
