// The one Supabase client of the app. Only this module and features' data/ folders touch it
// (enforced by lint); components use query and mutation hooks.
//
// It is made of supabase-js's own parts, as createClient() makes it (the same URLs, headers,
// session key and authorized fetch), but only Auth and PostgREST come with the first screen:
// Realtime (with Phoenix), Storage and Edge Functions are chunks of their own, loaded when first
// used (realtime(), storage(), functions()). createClient() imports all five, a third of the
// entry's libraries, for a first paint that needs two.
import { AuthClient } from '@supabase/auth-js'
import type { GoTrueClient } from '@supabase/auth-js'
import { PostgrestClient } from '@supabase/postgrest-js'
import type { FunctionsClient } from '@supabase/functions-js'
import type { RealtimeClient } from '@supabase/realtime-js'
import type { StorageClient } from '@supabase/storage-js'
import type { Database } from './database.types.ts'
import type { RuntimeConfig } from './runtime-config.ts'
import { firstScreenShown } from './first-screen.ts'
import { browserStore } from './local-store.ts'
import { loadRetrying } from './lazy.ts'
import { nextTask } from './tasks.ts'

type Rest = PostgrestClient<Database>

/** The client typed by the schema: rows, inserts, updates and RPCs as the migrations define them. */
export interface Client {
  readonly auth: GoTrueClient
  readonly from: Rest['from']
  readonly rpc: Rest['rpc']
}

interface Parts {
  config: RuntimeConfig
  client: Client
  /** supabase-js's fetchWithAuth: the key, and the session's token (or the key) as bearer. */
  fetch: typeof fetch
  headers: Record<string, string>
  accessToken: () => Promise<string>
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a request header, not words
const HEADERS = { 'X-Client-Info': 'chorus-web (supabase-js 2.109 parts)' }

/** The project's address with a trailing slash, which the services' paths are relative to. */
function baseOf(config: RuntimeConfig): URL {
  const url = config.supabaseUrl
  return new URL(url.endsWith('/') ? url : `${url}/`)
}

let parts: Parts | null = null
let guard: typeof fetch | null = null

/** Requests go through `next` from now on (the signed-in chunk's features/auth refresh-hold.ts). */
export function guardRequests(next: typeof fetch): void {
  guard = next
}

export function initSupabase(config: RuntimeConfig): Client {
  const { supabaseKey } = config
  const base = baseOf(config)
  // A request starts in a task of its own: a render that mounts queries then ends sooner (the
  // browser's fetch() costs 2-4 ms a call to set up), and the page paints between.
  const plainFetch: typeof fetch = (input, init) =>
    nextTask().then(() => (guard ?? fetch)(input, init))
  const auth = new AuthClient({
    url: new URL('auth/v1', base).href,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a request header, not words
    headers: { Authorization: `Bearer ${supabaseKey}`, apikey: supabaseKey, ...HEADERS },
    // supabase-js's default key, which features/auth/data/session-store.ts reads.
    storageKey: `sb-${base.hostname.split('.')[0]}-auth-token`,
    autoRefreshToken: true,
    persistSession: true,
    // localStorage, or this tab's sessionStorage on a shared computer (closing the tab forgets it).
    storage: {
      getItem: (key) => browserStore().getItem(key),
      setItem: (key, value) => browserStore().setItem(key, value),
      removeItem: (key) => browserStore().removeItem(key),
    },
    detectSessionInUrl: true,
    flowType: 'implicit',
    fetch: plainFetch,
  })
  const accessToken = async () =>
    (await auth.getSession()).data.session?.access_token ?? supabaseKey
  const authedFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    if (!headers.has('apikey')) headers.set('apikey', supabaseKey)
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a request header, not words
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await accessToken()}`)
    return plainFetch(input, { ...init, headers })
  }
  const rest: Rest = new PostgrestClient<Database>(new URL('rest/v1', base).href, {
    headers: HEADERS,
    schema: 'public',
    fetch: authedFetch,
  })
  const client: Client = { auth, from: rest.from.bind(rest), rpc: rest.rpc.bind(rest) }
  parts = { config, client, fetch: authedFetch, headers: HEADERS, accessToken }
  // Made again for this client (initSupabase runs once in the app; the tests may run it again).
  realtimePart.reset()
  storagePart.reset()
  functionsPart.reset()
  return client
}

function made(): Parts {
  if (!parts) throw new Error('initSupabase() must run first')
  return parts
}

export function supabase(): Client {
  return made().client
}

export function runtimeConfig(): RuntimeConfig {
  return made().config
}

/** A part made from its chunk once, on first use; a failed load (offline, a chunk gone) is
 * tried again by loadRetrying, and by the next call once that gave up. */
function lazyPart<T>(load: () => Promise<T>): { get(): Promise<T>; reset(): void } {
  let part: Promise<T> | null = null
  return {
    get() {
      part ??= loadRetrying(load).catch((error: unknown) => {
        part = null
        throw error
      })
      return part
    },
    reset() {
      part = null
    },
  }
}

const realtimePart = lazyPart(async () => {
  // Not needed to paint the first screen: its chunk waits until that is shown.
  await firstScreenShown()
  // With the joins' back-off (realtime-client.ts).
  const { makeRealtime } = await import('./realtime-client.ts')
  const { config, headers, fetch, accessToken, client } = made()
  const url = new URL('realtime/v1', baseOf(config))
  url.protocol = url.protocol.replace('http', 'ws')
  const rt = makeRealtime(url.href, {
    headers,
    accessToken,
    fetch,
    params: { apikey: config.supabaseKey, eventsPerSecond: 20 },
  })
  // The session's token as supabase-js gives it: on sign-in and refresh, none after sign-out.
  let token: string | undefined
  client.auth.onAuthStateChange((event, session) => {
    if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && token !== session?.access_token) {
      token = session?.access_token
      void rt.setAuth(token)
    } else if (event === 'SIGNED_OUT') {
      token = undefined
      void rt.setAuth()
    }
  })
  // Its first joins carry the session's token: a private topic joined without it is refused
  // (and joined again only after realtime-js's back-off, missing what happened meanwhile).
  await rt.setAuth().catch(() => undefined)
  return rt
})

/** The Realtime client, its chunk loaded once the first screen is shown. */
export function realtime(): Promise<RealtimeClient> {
  return realtimePart.get()
}

const storagePart = lazyPart(async () => {
  const { StorageClient } = await import('@supabase/storage-js')
  const { config, headers, fetch } = made()
  return new StorageClient(storageUrl(config), headers, fetch)
})

/** The Storage client, its chunk loaded on the first call. */
export function storage(): Promise<StorageClient> {
  return storagePart.get()
}

/** Storage's address (for the URLs the app writes itself: avatars, uploads with progress). */
export function storageUrl(config: RuntimeConfig = made().config): string {
  return new URL('storage/v1', baseOf(config)).href
}

const functionsPart = lazyPart(async () => {
  const { FunctionsClient } = await import('@supabase/functions-js')
  const { config, headers, fetch } = made()
  return new FunctionsClient(new URL('functions/v1', baseOf(config)).href, {
    headers,
    customFetch: fetch,
  })
})

/** The Edge Functions client, its chunk loaded on the first call. */
export function functions(): Promise<FunctionsClient> {
  return functionsPart.get()
}
