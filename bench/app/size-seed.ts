// bench:app-size's world (issue 50, item 4): one person in a workspace of `members` people (names
// from a few hundred first and last names, so that a filter narrows as it would in a company)
// with `channels` public channels, all of which the person is in. Everyone is in #general; each
// other channel has the person and 5-40 others. The people are auth.users rows (their trigger
// makes the profiles), the memberships and messages bulk-loaded as superuser with last_seq set
// as the trigger would; a few channels are left unread, as a return visit finds them.
import { randomUUID } from 'node:crypto'
import type { Sql } from 'postgres'
import { signedInClient } from '../support/stack.ts'
import type { BenchStack } from '../support/stack.ts'
import { random } from '../team/world.ts'
import { createBenchPerson } from './seed.ts'

const FIRST = (
  'Ada Alan Alex Amara Amir Ana Andrea Anton Aria Arjun Ava Ben Bianca Bo Carla Carlos Chen Chloe ' +
  'Dana Daniel Dev Diego Elena Eli Emil Emma Erik Eva Farah Felix Fatima Gia Grace Hana Hugo Ian ' +
  'Ines Isaac Ivy Jack Jamal Jana Jin Joao Jonas Julia Kai Kara Kenji Lara Leo Lena Liam Lina ' +
  'Luca Lucia Maya Mei Mila Milan Morgan Nadia Nia Noah Nora Omar Owen Paula Priya Quinn Rafael ' +
  'Rhea Rosa Ruth Sam Sara Sofia Sven Tara Theo Tomas Uma Victor Wen Xavier Yara Yuki Zane Zoe'
).split(' ')
const LAST = (
  'Abe Adams Ahmed Alvarez Andersen Bauer Becker Berg Brown Castro Chen Costa Cruz Dahl Diaz Dubois ' +
  'Eriksen Evans Fischer Fontaine Garcia Gomez Gupta Hansen Hart Hoffmann Ito Jensen Johansson ' +
  'Kato Keller Khan Kim Klein Kowalski Lang Larsen Lee Lopez Martin Meyer Moreau Morgan Moreno ' +
  'Muller Nakamura Nguyen Novak Olsen Ortiz Park Patel Perez Petrov Quist Ramos Reyes Rossi Ruiz ' +
  'Sato Schmidt Silva Singh Smith Sousa Suzuki Tanaka Torres Vogel Wagner Walsh Weber Wong Young ' +
  'Zhang Ziegler'
).split(' ')

export interface SizeWorld {
  email: string
  password: string
  workspaceId: string
  generalId: string
  generalLastSeq: number
  /** Every name in the workspace but the person's. */
  names: string[]
}

export async function seedSize(
  bench: Pick<BenchStack, 'stack' | 'sql'>,
  options: { members: number; channels: number }
): Promise<SizeWorld> {
  const { sql } = bench
  const rand = random(options.members)
  const person = await createBenchPerson(
    bench.stack.apiUrl,
    bench.stack.keys.serviceRoleKey,
    'size'
  )
  const { email, password } = person
  const me = { id: person.id, client: await signedInClient(bench.stack, person.id) }
  const made = await me.client.rpc('create_workspace', { p_name: 'Big company' }).single<{
    id: string
  }>()
  if (made.error) throw new Error(`create_workspace: ${made.error.message}`)
  const workspaceId = made.data.id
  const channelIds: string[] = []
  for (let c = 1; c < options.channels; c++) {
    const channel = await me.client
      .rpc('create_channel', { p_workspace_id: workspaceId, p_name: `team-${c}` })
      .single<{ id: string }>()
    if (channel.error) throw new Error(`create_channel: ${channel.error.message}`)
    channelIds.push(channel.data.id)
  }
  const [general] = await sql<{ id: string }[]>`
    select id from public.channels where workspace_id = ${workspaceId} and is_default`
  const generalId = general!.id

  const others = Array.from({ length: options.members - 1 }, () => randomUUID())
  const names = others.map((_, i) => {
    const first = FIRST[Math.floor(rand() * FIRST.length)]!
    const last = LAST[Math.floor(rand() * LAST.length)]!
    return i % 7 === 0
      ? `${first} ${String.fromCharCode(65 + (i % 26))}. ${last}`
      : `${first} ${last}`
  })
  const tag = Date.now().toString(36)
  await sql`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
    select id, 'authenticated', 'authenticated', 'm' || ord || '.' || ${tag} || '@example.test',
      now(), jsonb_build_object('display_name', name)
    from unnest(${others}::uuid[], ${names}::text[]) with ordinality as u(id, name, ord)`
  await sql`
    insert into public.workspace_members (workspace_id, user_id)
    select ${workspaceId}, unnest(${others}::uuid[])`
  const memberships: { channel_id: string; workspace_id: string; user_id: string }[] = []
  for (const id of others)
    memberships.push({ channel_id: generalId, workspace_id: workspaceId, user_id: id })
  const authors = new Map<string, string[]>([[generalId, others.slice(0, 200)]])
  for (const channel_id of channelIds) {
    const size = 5 + Math.floor(rand() * 36)
    const start = Math.floor(rand() * (others.length - size))
    const people = others.slice(start, start + size)
    authors.set(channel_id, people)
    for (const user_id of people)
      memberships.push({ channel_id, workspace_id: workspaceId, user_id })
  }
  for (let i = 0; i < memberships.length; i += 5000) {
    await sql`
      insert into public.channel_members ${sql(memberships.slice(i, i + 5000))}
      on conflict (channel_id, user_id) do nothing`
  }
  const generalLastSeq = await loadMessages(sql, authors, generalId)
  // The person has read all but the last 3 messages of every tenth channel.
  await sql`
    update public.channel_members cm set last_read_seq = c.last_seq - case
      when c.id <> ${generalId} and right(c.name, 1) = '0' then 3 else 0 end
    from public.channels c
    where cm.channel_id = c.id and cm.user_id = ${me.id} and c.workspace_id = ${workspaceId}`
  await sql`analyze`
  return { email, password, workspaceId, generalId, generalLastSeq, names }
}

/** 200 messages in #general and 30 in each other channel, by their members. */
async function loadMessages(sql: Sql, authors: Map<string, string[]>, generalId: string) {
  let generalLastSeq = 0
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`
    for (const [channel, people] of authors) {
      const count = channel === generalId ? 200 : 30
      if (channel === generalId) generalLastSeq = count
      await tx`
        insert into public.messages (id, channel_id, seq, author_id, body, created_at, in_channel)
        select gen_random_uuid(), ${channel}, g, (${people}::uuid[])[1 + g % ${people.length}],
          case when g % 3 = 0
            then 'Update ' || g || ': the **rollout** is at ' || g || '%, see https://example.com/' || g
            else 'Update ' || g || ': nothing new here, plain text'
          end,
          now() - make_interval(secs => (${count} - g) * 60), true
        from generate_series(1, ${count}::int) as g`
      await tx`update public.channels set last_seq = ${count}, last_message_at = now() where id = ${channel}`
    }
  })
  return generalLastSeq
}
