// The Supabase URL and key come from /config.json at run time, so one build serves the local
// stack and a hosted project alike. The app server (and `vite dev`) answer it.
import type { Result } from './result.ts'

export interface RuntimeConfig {
  supabaseUrl: string
  supabaseKey: string
}

export function parseRuntimeConfig(value: unknown): Result<RuntimeConfig, string> {
  if (typeof value !== 'object' || value === null) {
    return { ok: false, error: '/config.json is not a JSON object' }
  }
  const { supabaseUrl, supabaseKey } = value as Record<string, unknown>
  if (typeof supabaseUrl !== 'string' || !/^https?:\/\//.test(supabaseUrl)) {
    return { ok: false, error: '/config.json has no valid supabaseUrl' }
  }
  if (typeof supabaseKey !== 'string' || supabaseKey === '') {
    return { ok: false, error: '/config.json has no supabaseKey' }
  }
  return { ok: true, value: { supabaseUrl: supabaseUrl.replace(/\/+$/, ''), supabaseKey } }
}

export async function loadRuntimeConfig(): Promise<Result<RuntimeConfig, string>> {
  try {
    const response = await fetch('/config.json', { cache: 'no-store' })
    if (!response.ok) return { ok: false, error: `/config.json answered ${response.status}` }
    return parseRuntimeConfig(await response.json())
  } catch (error) {
    return { ok: false, error: `Could not load /config.json: ${(error as Error).message}` }
  }
}
