// The one Supabase client of the app. Only this module and features' data/ folders touch it
// (enforced by lint); components use query and mutation hooks.
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types.ts'
import type { RuntimeConfig } from './runtime-config.ts'
import { nextTask } from './tasks.ts'

/** The client typed by the schema: rows, inserts, updates and RPCs as the migrations define them. */
export type Client = SupabaseClient<Database>

let client: Client | null = null
let configured: RuntimeConfig | null = null
let guard: typeof fetch | null = null

/** Requests go through `next` from now on (the signed-in chunk's features/auth refresh-hold.ts). */
export function guardRequests(next: typeof fetch): void {
  guard = next
}

export function initSupabase(config: RuntimeConfig): Client {
  configured = config
  client = createClient<Database>(config.supabaseUrl, config.supabaseKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    realtime: { params: { eventsPerSecond: 20 } },
    // A request starts in a task of its own: a render that mounts queries then ends sooner
    // (the browser's fetch() costs 2-4 ms a call to set up), and the page paints between.
    global: { fetch: (input, init) => nextTask().then(() => (guard ?? fetch)(input, init)) },
  })
  return client
}

export function supabase(): Client {
  if (!client) throw new Error('initSupabase() must run first')
  return client
}

export function runtimeConfig(): RuntimeConfig {
  if (!configured) throw new Error('initSupabase() must run first')
  return configured
}
