// A team's world, made quickly: N people (auth.users rows, whose trigger makes their profiles)
// and their workspace, its #general and topical public channels (created through the app's own
// RPCs by the first person), then the memberships inserted as superuser, and a little history in
// each channel (RATES.historyPerChannel messages by the first person, through the messages
// table's own triggers, as that person: numbered, unread for the others). Each person gets a
// minted user JWT (HS256 with the stack's secret, as GoTrue signs them) and a place in the
// app: the channels they are in, the one they have open, and how they behave (profile.ts).
import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import type { Sql } from 'postgres'
import ws from 'ws'
import { userToken } from '../realtime/clients.ts'
import type { StackInfo } from '../realtime/clients.ts'
import { random } from './mix.ts'
import { RATES } from './profile.ts'
import type { Person } from './profile.ts'

export { random }

export interface World {
  workspaceId: string
  people: Person[]
  /** Channel id -> how many people have it open (who receive its messages live). */
  viewers: Map<string, number>
}

export async function makeWorld(stack: StackInfo, sql: Sql, size: number): Promise<World> {
  const rand = random(size)
  const ids = Array.from({ length: size }, () => randomUUID())
  const tag = `${size}-${Date.now().toString(36)}`
  await sql`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
    select id, 'authenticated', 'authenticated', 'p' || ord || '.' || ${tag} || '@example.test',
      now(), jsonb_build_object('display_name', 'Person ' || ord)
    from unnest(${ids}::uuid[]) with ordinality as u(id, ord)`

  const owner = ids[0] as string
  const client = createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
    accessToken: async () => userToken(stack.jwtSecret, owner),
  })
  const made = await client
    .rpc('create_workspace', { p_name: `Team ${tag}` })
    .single<{ id: string }>()
  if (made.error) throw new Error(`create_workspace: ${made.error.message}`)
  const workspaceId = made.data.id
  const topical: string[] = []
  for (let c = 0; c < RATES.topicalChannels(size); c++) {
    const channel = await client
      .rpc('create_channel', { p_workspace_id: workspaceId, p_name: `topic-${c}` })
      .single<{ id: string }>()
    if (channel.error) throw new Error(`create_channel: ${channel.error.message}`)
    topical.push(channel.data.id)
  }
  const [general] = await sql<{ id: string }[]>`
    select id from public.channels where workspace_id = ${workspaceId} and is_default`
  const generalId = (general as { id: string }).id

  const others = ids.slice(1)
  await sql`
    insert into public.workspace_members (workspace_id, user_id)
    select ${workspaceId}, unnest(${others}::uuid[])`
  const people: Person[] = ids.map((id, index) => {
    const mine = [...topical].sort(() => rand() - 0.5).slice(0, RATES.topicalPerPerson)
    const open =
      rand() < RATES.generalOpenShare
        ? generalId
        : (mine[Math.floor(rand() * mine.length)] as string)
    const uploader = index % Math.round(1 / RATES.uploaderShare) === 1
    const active = uploader || rand() < RATES.activeShare
    return {
      id,
      token: userToken(stack.jwtSecret, id),
      workspaceId,
      channels: [generalId, ...mine],
      open,
      active,
      notifications: rand() < RATES.notificationsShare,
      uploader,
      files: [],
    }
  })
  const memberships = people.flatMap((p) =>
    p.channels.map((channel_id) => ({ channel_id, workspace_id: workspaceId, user_id: p.id }))
  )
  for (let i = 0; i < memberships.length; i += 5000) {
    await sql`
      insert into public.channel_members ${sql(memberships.slice(i, i + 5000))}
      on conflict (channel_id, user_id) do nothing`
  }
  // The history, written as the first person (a member of every channel: it made them).
  const channels = [generalId, ...topical]
  await sql.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: owner, role: 'authenticated' })}, true)`
    await tx`
      insert into public.messages (id, channel_id, author_id, body)
      select gen_random_uuid(), c.id, ${owner}, 'Earlier message ' || n
      from unnest(${channels}::uuid[]) with ordinality as c(id, ord),
        generate_series(1, ${RATES.historyPerChannel}) as n
      order by c.ord, n`
  })
  // A file in each channel (a 100 KB PDF on a message of the first person's), as the app puts
  // them, for the people's downloads (mix.ts).
  const fileOf = new Map<string, string>()
  for (const channel of channels) {
    const messageId = randomUUID()
    const path = `${workspaceId}/${channel}/${messageId}/plan.pdf`
    const file = new Blob([Buffer.alloc(100 * 1024, 7)], { type: 'application/pdf' })
    const uploaded = await client.storage
      .from('attachments')
      .upload(path, file, { contentType: 'application/pdf', upsert: false })
    if (uploaded.error) throw new Error(`upload: ${uploaded.error.message}`)
    const sent = await client.rpc('send_message', {
      p_id: messageId,
      p_channel_id: channel,
      p_body: 'The plan, attached',
      p_attachments: [{ path, name: 'plan.pdf', width: null, height: null }],
    })
    if (sent.error) throw new Error(`send_message: ${sent.error.message}`)
    fileOf.set(channel, path)
  }
  for (const p of people) p.files = p.channels.flatMap((c) => fileOf.get(c) ?? [])
  await sql`analyze`
  const viewers = new Map<string, number>()
  for (const p of people) viewers.set(p.open, (viewers.get(p.open) ?? 0) + 1)
  return { workspaceId, people, viewers }
}
