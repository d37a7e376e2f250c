// The bench's data: one person, a workspace whose #general holds N messages (bulk-loaded in SQL
// with triggers off, then last_seq set as the trigger would), and a small channel as baseline.
// Bodies alternate between markdown and plain text, so that every screen shows both kinds.
import { createClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import ws from 'ws'

export interface BenchData {
  email: string
  password: string
  workspaceId: string
  bigChannelId: string
  smallChannelId: string
  bigCount: number
  smallCount: number
}

// Node 20 has no global WebSocket; supabase-js needs one even when realtime is unused.
const CLIENT_OPTIONS = { auth: { persistSession: false }, realtime: { transport: ws as never } }

/** The bench's person: an account with a confirmed email and a password, made as Auth's admin. */
export async function createBenchPerson(
  apiUrl: string,
  serviceRoleKey: string,
  prefix: string
): Promise<{ id: string; email: string; password: string }> {
  const email = `${prefix}.${Date.now().toString(36)}@example.test`
  const password = 'bench-password-1'
  const admin = createClient(apiUrl, serviceRoleKey, CLIENT_OPTIONS)
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { display_name: 'Bench Person' },
  })
  if (created.error) throw created.error
  return { id: created.data.user.id, email, password }
}

/** Where the data goes: a bench stack (bench/support/stack.ts), or its address and keys. */
export interface SeedTarget {
  apiUrl: string
  dbUrl: string
  keys: { anonKey: string; serviceRoleKey: string }
}

/** The bench's data on `stack`, #general holding `messages` messages. */
export async function seed(stack: SeedTarget, messages: number): Promise<BenchData> {
  const options = {
    apiUrl: stack.apiUrl,
    anonKey: stack.keys.anonKey,
    serviceRoleKey: stack.keys.serviceRoleKey,
    dbUrl: stack.dbUrl,
    messages,
  }
  const person = await createBenchPerson(options.apiUrl, options.serviceRoleKey, 'bench')
  const { email, password, id: userId } = person

  const client = createClient(options.apiUrl, options.anonKey, CLIENT_OPTIONS)
  const signIn = await client.auth.signInWithPassword({ email, password })
  if (signIn.error) throw signIn.error
  const workspace = await client
    .rpc('create_workspace', { p_name: 'Bench' })
    .single<{ id: string }>()
  if (workspace.error) throw workspace.error
  const small = await client
    .rpc('create_channel', { p_workspace_id: workspace.data.id, p_name: 'small', p_kind: 'public' })
    .single<{ id: string }>()
  if (small.error) throw small.error

  const sql = postgres(options.dbUrl, { max: 1, onnotice: () => {} })
  try {
    const [general] = await sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${workspace.data.id} and is_default`
    const bigChannelId = general!.id
    const smallCount = 20
    await sql.begin(async (tx) => {
      // Bulk load: the per-row seq trigger is skipped and last_seq set once, as it would end up
      // (and in_channel set as the trigger sets it for a channel message).
      await tx`set local session_replication_role = replica`
      for (const [channel, count] of [
        [bigChannelId, options.messages],
        [small.data.id, smallCount],
      ] as const) {
        await tx`
          insert into public.messages (id, channel_id, seq, author_id, body, created_at, in_channel)
          select gen_random_uuid(), ${channel}, g, ${userId},
            -- Every other body has markup (shown once the lazy markdown parser has formatted it),
            -- the rest plain text (with an even count, the latest message has markup).
            case when g % 2 = 0
              then 'Message ' || g || ': the **quick** brown fox jumps over the _lazy_ dog, see https://example.com/' || g
              else 'Message ' || g || ': the quick brown fox jumps over the lazy dog, plain text'
            end,
            now() - make_interval(secs => (${count} - g) * 30), true
          from generate_series(1, ${count}::int) as g`
        await tx`update public.channels set last_seq = ${count}, last_message_at = now() where id = ${channel}`
        await tx`update public.channel_members set last_read_seq = ${count} where channel_id = ${channel}`
      }
    })
    await sql`analyze public.messages`
    return {
      email,
      password,
      workspaceId: workspace.data.id,
      bigChannelId,
      smallChannelId: small.data.id,
      bigCount: options.messages,
      smallCount,
    }
  } finally {
    await sql.end({ timeout: 2 })
  }
}
