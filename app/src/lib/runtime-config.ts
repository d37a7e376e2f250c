// The Supabase URL and key come from /config.json at run time, so one build serves the local
// stack and a hosted project alike. The app server (and `vite dev`) answer it. Its errors are
// messages kept for later (main.tsx shows them once the language's catalog is in).
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { browserStore, readJson } from './local-store.ts'
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

/** Where this device keeps the last /config.json loaded. */
const KEPT_KEY = 'chorus.config'

/** The /config.json this device loaded last: a return visit starts with it rather than wait for
 * the network (issue 72). Not a person's: it stays through a sign-out. Written only from a valid
 * answer; were it not valid, the page that started with it loads again with the server's. */
export const keptRuntimeConfig = (): RuntimeConfig | null =>
  readJson(browserStore(), KEPT_KEY, null)

/** /config.json from the server, kept on the device; when the page `started` with the kept one
 * and the server's differs (it names another backend now), the page loads again with it. */
export async function loadRuntimeConfig(
  started = false
): Promise<Result<RuntimeConfig, MessageDescriptor>> {
  try {
    const response = await fetch('/config.json', { cache: 'no-store' })
    const status = response.status
    if (!response.ok) return { ok: false, error: msg`/config.json answered ${status}` }
    const config = parseRuntimeConfig(await response.json())
    const text = config.ok && JSON.stringify(config.value)
    if (text && text !== browserStore().getItem(KEPT_KEY)) {
      browserStore().setItem(KEPT_KEY, text)
      if (started) window.location.reload()
    }
    return config
  } catch (error) {
    const reason = (error as Error).message
    return { ok: false, error: msg`Could not load /config.json: ${reason}` }
  }
}
