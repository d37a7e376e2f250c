// A message carries its facts (issue 51, item 4; *_chorus_message_facts.sql): the name of the
// app that posted a message without an author, the name the post asked for, and its removal by
// an admin come with message_page(), thread_page() and the message's live event, so the app needs
// no second fetch or subscription. Over real HTTP and Realtime with supabase-js.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { post, useWebhooksStack } from './support/webhooks.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import type { Heard } from './support/realtime.ts'
import { clientFor } from './support/rest-checker.ts'
import type { Person } from './support/world.ts'

const h = useWebhooksStack()

interface PageRow {
  id: string
  author_id: string | null
  body: string
  removed_at: string | null
  app_name: string | null
  app_username: string | null
}

async function page(person: Person, fn: 'message_page' | 'thread_page', args: object) {
  const { data, error } = await clientFor(h.stack, person).rpc(fn, args)
  expect(error).toBeNull()
  return data as PageRow[]
}

const isMessage = (id: string, event: string) => (heard: Heard) =>
  heard.payload.table === 'messages' && heard.event === event && recordOf(heard).id === id

describe("an app's message", () => {
  it("comes live, once, and in the channel's pages with the app's name and the post's username", async () => {
    const { member, admin } = h.world.people
    const plaza = h.world.ch.plaza
    const hook = await h.createHook(admin, plaza, 'CI Builds')
    const inbox = new Inbox()
    const live = await joinPrivate(h.stack, member, liveTopic.channel(plaza), inbox)
    expect(live.joined).toBe(true)
    let id: string
    try {
      expect(await post(hook.url, { text: 'build 7 passed', username: 'ghost-bot' })).toMatchObject(
        {
          status: 200,
          text: 'ok',
        }
      )
      id = (await h.newest(member, plaza)).id
      await inbox.until(isMessage(id, 'INSERT'))
      // a person's message after it: its live event says it is no app's
      const mine = randomUUID()
      const sent = await clientFor(h.stack, member).rpc('send_message', {
        p_id: mine,
        p_channel_id: plaza,
        p_body: 'nice',
      })
      expect(sent.error).toBeNull()
      await inbox.until(isMessage(mine, 'INSERT'))

      const inserts = inbox.heard.filter(isMessage(id, 'INSERT'))
      expect(inserts).toHaveLength(1)
      expect(recordOf(inserts[0]!)).toMatchObject({
        author_id: null,
        body: 'build 7 passed',
        app_name: 'CI Builds',
        app_username: 'ghost-bot',
        removed_at: null,
      })
      expect(recordOf(inbox.heard.find(isMessage(mine, 'INSERT'))!)).toMatchObject({
        author_id: member.id,
        app_name: null,
        app_username: null,
      })
      // the integration's row is no event of its own any more
      expect(inbox.heard.filter((e) => e.payload.table === 'integration_messages')).toEqual([])

      // removed by an admin: the UPDATE still says whose it was, and when it was removed
      const removed = await clientFor(h.stack, admin).rpc('remove_message', { p_message_id: id })
      expect(removed.error).toBeNull()
      await inbox.until(isMessage(id, 'UPDATE'))
      expect(recordOf(inbox.heard.find(isMessage(id, 'UPDATE'))!)).toMatchObject({
        body: '',
        app_name: 'CI Builds',
        app_username: 'ghost-bot',
        removed_at: expect.any(String),
      })
    } finally {
      await leave(live)
    }

    const rows = await page(member, 'message_page', { p_channel_id: plaza })
    expect(rows.find((r) => r.id === id)).toMatchObject({
      author_id: null,
      body: '',
      app_name: 'CI Builds',
      app_username: 'ghost-bot',
      removed_at: expect.any(String),
    })
    for (const row of rows.filter((r) => r.author_id !== null))
      expect(row, row.body).toMatchObject({ app_name: null, app_username: null, removed_at: null })
    // one message read alone (a thread's parent), as the app reads it: the app embedded one-to-one
    const one = await clientFor(h.stack, member)
      .from('messages')
      .select('id, removed_at, app:integration_messages(app_name, username)')
      .eq('id', id)
      .single()
    expect(one.error).toBeNull()
    expect(one.data).toEqual({
      id,
      removed_at: expect.any(String),
      app: { app_name: 'CI Builds', username: 'ghost-bot' },
    })
  })

  it('shows without a username as the app alone, and a restored message as not removed', async () => {
    const { member, admin } = h.world.people
    const plaza = h.world.ch.plaza
    const hook = await h.createHook(admin, plaza, 'Deploys')
    expect((await post(hook.url, { text: 'deployed' })).status).toBe(200)
    const { id } = await h.newest(member, plaza)
    expect(
      (await clientFor(h.stack, admin).rpc('remove_message', { p_message_id: id })).error
    ).toBeNull()
    expect(
      (await clientFor(h.stack, admin).rpc('restore_message', { p_message_id: id })).error
    ).toBeNull()
    const rows = await page(member, 'message_page', { p_channel_id: plaza })
    expect(rows.find((r) => r.id === id)).toMatchObject({
      body: 'deployed',
      app_name: 'Deploys',
      app_username: null,
      removed_at: null,
    })
  })
})

describe("a thread's page", () => {
  it("carries the same facts: a reply removed by an admin says so, a person's reply names no app", async () => {
    const { member, admin } = h.world.people
    const plaza = h.world.ch.plaza
    const as = (person: Person) => clientFor(h.stack, person)
    const parent = randomUUID()
    const kept = randomUUID()
    const gone = randomUUID()
    for (const [id, body, parentId] of [
      [parent, 'the parent', undefined],
      [kept, 'a reply', parent],
      [gone, 'a rude reply', parent],
    ] as const) {
      const sent = await as(member).rpc('send_message', {
        p_id: id,
        p_channel_id: plaza,
        p_body: body,
        ...(parentId ? { p_parent_id: parentId } : {}),
      })
      expect(sent.error).toBeNull()
    }
    expect((await as(admin).rpc('remove_message', { p_message_id: gone })).error).toBeNull()
    const rows = await page(member, 'thread_page', { p_thread_id: parent })
    expect(rows.map((r) => [r.id, r.body, r.removed_at !== null, r.app_name])).toEqual([
      [kept, 'a reply', false, null],
      [gone, '', true, null],
    ])
  })

  it('answers nothing for a thread the caller cannot read, and a clear error for a bad id', async () => {
    const rows = await page(h.world.people.outsider, 'thread_page', { p_thread_id: randomUUID() })
    expect(rows).toEqual([])
    const bad = await clientFor(h.stack, h.world.people.member).rpc('message_page', {
      p_channel_id: 'not-a-uuid',
    })
    expect(bad.error).toMatchObject({ code: '22P02' })
    expect(bad.status).toBe(400)
  })
})
