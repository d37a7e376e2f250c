// What a push says (supabase/functions/push-notify/payload.ts): the sender's avatar, the place,
// the text or none when the workspace hides it, one tag per conversation with its count, the
// permalink (a thread's reply opens its thread).
import { describe, expect, it } from 'vitest'
import table from '../functions/_shared/body-text-cases.json'
import { payloadOf } from '../functions/push-notify/payload.ts'
import type { PushItem } from '../functions/push-notify/payload.ts'

const places = { appUrl: 'https://chat.example', storageUrl: 'https://api.example/storage/v1' }
const item: PushItem = {
  id: 1,
  kind: 'message',
  attempts: 1,
  subscription: { id: 's', endpoint: 'https://push.example/x', p256dh: 'k', auth: 'a' },
  workspace_id: 'w1',
  channel_id: 'c1',
  thread_id: null,
  message_id: 'm1',
  seq: 7,
  workspace_name: 'Acme',
  channel_name: 'general',
  channel_kind: 'public',
  author_name: 'Ana',
  author_avatar_path: 'u1/face 1.png',
  hidden: false,
  body: 'hi <@0b7f0d6e-8d7e-4a57-9d4f-5a0f1b2c3d4e>, <!here> see   this',
  count: 1,
}

describe('a push payload', () => {
  it("names the sender and the channel, with the avatar and the message's permalink", () => {
    expect(payloadOf(item, places)).toEqual({
      type: 'message',
      title: 'Ana in #general',
      body: 'hi @someone, @here see this',
      icon: 'https://api.example/storage/v1/render/image/public/avatars/u1/face%201.png?width=192&height=192&resize=cover',
      tag: 'chorus:c:c1',
      count: 1,
      url: 'https://chat.example/w/w1/c/c1/m/m1',
      workspaceId: 'w1',
      channelId: 'c1',
      threadId: null,
      messageId: 'm1',
    })
  })

  it('carries no text when hidden; counts a conversation; a reply opens its thread', () => {
    const hidden = payloadOf(
      { ...item, hidden: true, body: null, author_avatar_path: null },
      places
    )
    expect(hidden).toMatchObject({
      body: 'New message',
      icon: 'https://chat.example/icons/icon-192.png',
    })
    expect(JSON.stringify(hidden)).not.toContain('see')
    expect(payloadOf({ ...item, count: 3, channel_kind: 'dm' }, places)).toMatchObject({
      title: '3 new messages in a direct message',
      body: 'Ana: hi @someone, @here see this',
    })
    expect(payloadOf({ ...item, thread_id: 't1' }, places)).toMatchObject({
      title: 'Ana in a thread in #general',
      tag: 'chorus:t:t1',
      url: 'https://chat.example/w/w1/c/c1/t/t1',
    })
    expect(payloadOf({ ...item, kind: 'read', thread_id: 't1' }, places)).toEqual({
      type: 'read',
      tag: 'chorus:t:t1',
    })
  })
})

// The cases the app's notifications and the emails are tested against too (body-text-cases.json).
describe("a push's text, by the shared table of cases", () => {
  const names = new Map(Object.entries(table.people))
  for (const c of table.cases) {
    it(c.name, () => {
      expect(payloadOf({ ...item, body: c.body }, places, names)).toMatchObject({ body: c.line })
    })
  }
})
