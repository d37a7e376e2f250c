// The Supabase URL and key come from /config.json at run time, so one build serves the local
// stack and a hosted project alike. The app server (and `vite dev`) answer it. Its errors are
// messages kept for later (main.tsx shows them once the language's catalog is in).
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Result } from './result.ts'

export interface RuntimeConfig {
  supabaseUrl: string
  supabaseKey: string
}

export function parseRuntimeConfig(value: unknown): Result<RuntimeConfig, MessageDescriptor> {
  if (typeof value !== 'object' || value === null) {
    return { ok: false, error: msg`/config.json is not a JSON object` }
  }
  const { supabaseUrl, supabaseKey } = value as Record<string, unknown>
  if (typeof supabaseUrl !== 'string' || !/^https?:\/\//.test(supabaseUrl)) {
    return { ok: false, error: msg`/config.json has no valid supabaseUrl` }
  }
  if (typeof supabaseKey !== 'string' || supabaseKey === '') {
    return { ok: false, error: msg`/config.json has no supabaseKey` }
  }
  return { ok: true, value: { supabaseUrl: supabaseUrl.replace(/\/+$/, ''), supabaseKey } }
}

export async function loadRuntimeConfig(): Promise<Result<RuntimeConfig, MessageDescriptor>> {
  try {
    const response = await fetch('/config.json', { cache: 'no-store' })
    const status = response.status
    if (!response.ok) return { ok: false, error: msg`/config.json answered ${status}` }
    return parseRuntimeConfig(await response.json())
  } catch (error) {
    const reason = (error as Error).message
    return { ok: false, error: msg`Could not load /config.json: ${reason}` }
  }
}
