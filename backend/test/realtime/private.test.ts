// Private channels: joining needs a select policy on realtime.messages for the topic
// (realtime.topic()), sending and tracking need an insert policy; database broadcasts and
// replays reach only authorized channels; a token update that loses the permission closes the
// channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RealtimeChannel } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, makeUser, subscribed } from './helpers.ts'
import type { TestUser } from './helpers.ts'

const SCHEMA = `
create table public.members (
  room text not null,
  user_id uuid not null,
  can_write boolean not null default false,
  primary key (room, user_id)
);
create policy "members read" on realtime.messages for select to authenticated using (
  exists (select 1 from public.members m
          where m.room = (select realtime.topic()) and m.user_id = (select auth.uid()))
  and extension in ('broadcast', 'presence')
);
create policy "writers write" on realtime.messages for insert to authenticated with check (
  exists (select 1 from public.members m
          where m.room = (select realtime.topic()) and m.user_id = (select auth.uid()) and m.can_write)
);
`

interface Broadcast {
  event: string
  payload: Record<string, unknown>
  meta?: { id: string; replayed?: boolean }
}

let stack: TestStack
let writer: TestUser
let reader: TestUser
let stranger: TestUser

beforeAll(async () => {
  stack = await startTestStack({ migrations: { '20240101000000_members.sql': SCHEMA } })
  ;[writer, reader, stranger] = await Promise.all([
    makeUser(stack),
    makeUser(stack),
    makeUser(stack),
  ])
  await stack.sql`
    insert into public.members (room, user_id, can_write) values
      ('room:a', ${writer.id}, true), ('room:a', ${reader.id}, false)
  `
})

afterAll(async () => {
  await stack?.stop()
})

function privateChannel(user: TestUser, topic: string, config: Record<string, unknown> = {}) {
  const messages = new Collector<Broadcast>()
  const channel: RealtimeChannel = user.client
    .channel(topic, { config: { private: true, ...config } })
    .on('broadcast', { event: '*' }, (m: Broadcast) => messages.push(m))
  return { channel, messages }
}

describe('private channels', () => {
  it('refuses a join the read policy does not allow', async () => {
    const { channel } = privateChannel(stranger, 'room:a')
    await expect(subscribed(channel)).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: room:a'
    )
    await stranger.client.removeChannel(channel)
  })

  it('delivers broadcasts of writers and drops those of readers', async () => {
    const w = privateChannel(writer, 'room:a', { broadcast: { self: true } })
    const r = privateChannel(reader, 'room:a', { broadcast: { ack: true } })
    // realtime-js keeps one channel per topic name and client: the public twin needs its own.
    const bystander = await makeUser(stack)
    const publicTwin = bystander.client.channel('room:a')
    const publicSeen = new Collector<Broadcast>()
    publicTwin.on('broadcast', { event: '*' }, (m: Broadcast) => publicSeen.push(m))
    await Promise.all([subscribed(w.channel), subscribed(r.channel), subscribed(publicTwin)])

    await w.channel.send({ type: 'broadcast', event: 'note', payload: { n: 1 } })
    expect((await r.messages.count(1))[0]).toMatchObject({ event: 'note', payload: { n: 1 } })
    // The reader's send is acknowledged but not delivered (no insert policy).
    expect(await r.channel.send({ type: 'broadcast', event: 'note', payload: { n: 2 } })).toBe('ok')
    await w.channel.send({ type: 'broadcast', event: 'note', payload: { n: 3 } })
    const writerSaw = await w.messages.until((items) => items.some((m) => m.payload.n === 3))
    expect(writerSaw.map((m) => m.payload.n)).toEqual([1, 3])
    // The public channel of the same name is another topic: it gets only public messages.
    const posted = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic: 'room:a', event: 'note', payload: { n: 'public' } }],
      }),
    })
    expect(posted.status).toBe(202)
    expect(await publicSeen.count(1)).toEqual([
      { type: 'broadcast', event: 'note', payload: { n: 'public' } },
    ])

    // httpSend to the private topic: allowed for the writer, refused for the reader.
    await expect(w.channel.httpSend('note', { n: 4 })).resolves.toEqual({ success: true })
    await expect(r.channel.httpSend('note', { n: 5 })).rejects.toThrow('Unauthorized')
    expect((await r.messages.count(3))[2]?.payload).toEqual({ n: 4 })

    await Promise.all([
      writer.client.removeChannel(w.channel),
      reader.client.removeChannel(r.channel),
      bystander.client.removeChannel(publicTwin),
    ])
  })

  it('sends realtime.send() broadcasts to authorized private channels only, and replays them', async () => {
    const since = Date.now() - 1000
    const w = privateChannel(writer, 'room:a')
    const bystander = await makeUser(stack)
    const publicTwin = bystander.client.channel('room:a')
    const publicSeen = new Collector<Broadcast>()
    publicTwin.on('broadcast', { event: '*' }, (m: Broadcast) => publicSeen.push(m))
    await Promise.all([subscribed(w.channel), subscribed(publicTwin)])
    await stack.sql`select realtime.send('{"text": "stored"}'::jsonb, 'db-note', 'room:a')`
    await stack.sql`select realtime.send('{"text": "public"}'::jsonb, 'db-note', 'room:a', false)`
    const [stored] = await w.messages.count(1)
    expect(stored).toMatchObject({ event: 'db-note', payload: { text: 'stored' } })
    expect(stored?.meta?.id).toBe(stored?.payload.id)
    const [seenPublic] = await publicSeen.count(1)
    expect(seenPublic?.payload).toMatchObject({ text: 'public' })
    expect(w.messages.items).toHaveLength(1)

    const replaying = privateChannel(reader, 'room:a', {
      broadcast: { replay: { since, limit: 10 } },
    })
    await subscribed(replaying.channel)
    const [replayed] = await replaying.messages.count(1)
    expect(replayed).toMatchObject({
      event: 'db-note',
      payload: { text: 'stored' },
      meta: { id: stored?.meta?.id, replayed: true },
    })
    await Promise.all([
      writer.client.removeChannel(w.channel),
      reader.client.removeChannel(replaying.channel),
      bystander.client.removeChannel(publicTwin),
    ])
  })

  it('requires the insert policy to track presence', async () => {
    const w = privateChannel(writer, 'room:a')
    const r = privateChannel(reader, 'room:a')
    await Promise.all([subscribed(w.channel), subscribed(r.channel)])
    expect(await w.channel.track({ online: true })).toBe('ok')
    expect(await r.channel.track({ online: true })).toBe('error')
    await Promise.all([
      writer.client.removeChannel(w.channel),
      reader.client.removeChannel(r.channel),
    ])
  })

  it('closes the channel when a new token no longer may read', async () => {
    const member = await makeUser(stack)
    await stack.sql`insert into public.members (room, user_id) values ('room:b', ${member.id})`
    const system = new Collector<{ status: string; message: string }>()
    const statuses = new Collector<string>()
    const channel = member.client
      .channel('room:b', { config: { private: true } })
      .on('system', {}, system.push)
    channel.subscribe((status) => statuses.push(status))
    await statuses.until((s) => s.includes('SUBSCRIBED'))
    await stack.sql`delete from public.members where room = 'room:b' and user_id = ${member.id}`
    const renewed = await stack.keys.sign({
      sub: member.id,
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 7200,
    })
    await member.client.realtime.setAuth(renewed)
    const [message] = await system.count(1)
    expect(message).toMatchObject({
      status: 'error',
      message: 'You no longer have permission to read from this Channel topic: room:b',
    })
    await statuses.until((s) => s.includes('CLOSED'))
  })
})
