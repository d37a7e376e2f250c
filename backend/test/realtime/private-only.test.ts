// [realtime] private_only: the hosted tenant's setting (the Dashboard's "Allow public access"
// off). A public join is refused with Realtime's own reply; private joins go on under the
// policies of realtime.messages; without the setting public channels work as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { Collector, makeUser, subscribed } from './helpers.ts'
import { RawClient, socketUrl } from './raw-client.ts'

const SCHEMA = `
create table public.members (room text not null, user_id uuid not null, primary key (room, user_id));
create policy "members read" on realtime.messages for select to authenticated using (
  exists (select 1 from public.members m
          where m.room = (select realtime.topic()) and m.user_id = (select auth.uid()))
);
create policy "members write" on realtime.messages for insert to authenticated with check (
  exists (select 1 from public.members m
          where m.room = (select realtime.topic()) and m.user_id = (select auth.uid()))
);
`
const PRIVATE_ONLY = 'project_id = "private-only"\n[realtime]\nprivate_only = true\n'

describe('[realtime] private_only = true', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack({
      config: PRIVATE_ONLY,
      migrations: { '20240101000000_members.sql': SCHEMA },
    })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('refuses a public join with PrivateOnly', async () => {
    const user = await makeUser(stack)
    const channel = user.client.channel('lobby')
    await expect(subscribed(channel)).rejects.toThrow(
      'PrivateOnly: This project only allows private channels'
    )
    await user.client.removeChannel(channel)
  })

  it('answers the join with a phx_reply error, as Realtime does', async () => {
    const raw = await RawClient.connect(socketUrl(stack.url, stack.anonKey))
    try {
      const { reply } = await raw.join('realtime:lobby', { config: { private: false } })
      expect(reply[4]).toEqual({
        status: 'error',
        response: { reason: 'PrivateOnly: This project only allows private channels' },
      })
    } finally {
      raw.close()
    }
  })

  it('lets members join a private channel and talk on it, and refuses others', async () => {
    const [alice, bob, stranger] = await Promise.all([
      makeUser(stack),
      makeUser(stack),
      makeUser(stack),
    ])
    await stack.sql`
      insert into public.members (room, user_id) values ('room:a', ${alice.id}), ('room:a', ${bob.id})`
    const heard = new Collector<{ payload: { text: string } }>()
    const a = alice.client.channel('room:a', { config: { private: true } })
    const b = bob.client
      .channel('room:a', { config: { private: true } })
      .on('broadcast', { event: 'say' }, (m: { payload: { text: string } }) => heard.push(m))
    await subscribed(a)
    await subscribed(b)
    await a.send({ type: 'broadcast', event: 'say', payload: { text: 'hi' } })
    expect((await heard.count(1))[0]!.payload).toEqual({ text: 'hi' })

    const s = stranger.client.channel('room:a', { config: { private: true } })
    await expect(subscribed(s)).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: room:a'
    )
  })
})

describe('[realtime] private_only unset (the default)', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack()
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('public channels work as before', async () => {
    const [alice, bob] = await Promise.all([makeUser(stack), makeUser(stack)])
    const heard = new Collector<{ payload: { n: number } }>()
    const a = alice.client.channel('lobby')
    const b = bob.client
      .channel('lobby')
      .on('broadcast', { event: 'n' }, (m: { payload: { n: number } }) => heard.push(m))
    await subscribed(a)
    await subscribed(b)
    await a.send({ type: 'broadcast', event: 'n', payload: { n: 1 } })
    expect((await heard.count(1))[0]!.payload).toEqual({ n: 1 })
  })
})
