// The set-up of webhooks.test.ts: a stack with the matrix's world (the rate limit's refill
// off: counted, not timed), a webhook made through the RPC, a POST to its URL, a channel's message
// count and newest message as a member reads it; Slack's documented payload and the bad ones.
// makeIncomingHook serves the Slack compatibility and SDK tests too.
import { beforeAll } from 'vitest'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { asRole } from './world.ts'
import type { Person } from './world.ts'
import { useWorldStack } from './world-stack.ts'
import type { WorldStack } from './world-stack.ts'

export interface Hook {
  id: string
  secret: string
  url: string
}

export async function post(url: string, body: unknown, contentType = 'application/json') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, text: await response.text(), headers: response.headers }
}

/** An incoming webhook to `channel`, made by `person` through the RPC: its id, secret and URL. */
export async function makeIncomingHook(
  stack: TestStack,
  person: Person,
  channel: string,
  name: string,
  iconEmoji = ':robot_face:'
): Promise<Hook> {
  const [row] = await asRole(
    stack.sql,
    person,
    (tx) => tx<{ id: string; secret: string }[]>`
    select * from public.create_incoming_webhook(${channel}, ${name}, ${iconEmoji})`
  )
  return { ...row!, url: `${stack.url}/functions/v1/webhooks/${row!.id}/${row!.secret}` }
}

export interface WebhooksStack extends WorldStack {
  createHook: (person: Person, channel: string, name?: string) => Promise<Hook>
  countIn: (channel: string) => Promise<number>
  /** The channel's newest message as its member reads it, with its integration row. */
  newest: (
    person: Person,
    channel: string
  ) => Promise<{
    id: string
    body: string
    author_id: string | null
    integration:
      { app_name: string; username: string | null; icon_emoji: string | null } | undefined
  }>
}

/** Registers the file's beforeAll/afterAll; the stack and world are set once beforeAll has run. */
export function useWebhooksStack(): WebhooksStack {
  const h = useWorldStack({} as WebhooksStack)
  h.createHook = (person: Person, channel: string, name = 'CI Builds') =>
    makeIncomingHook(h.stack, person, channel, name)

  h.countIn = async (channel: string) =>
    Number(
      (
        await h.stack.sql<
          { n: string }[]
        >`select count(*) as n from public.messages where channel_id = ${channel}`
      )[0]!.n
    )

  h.newest = async function newest(person: Person, channel: string) {
    return asRole(h.stack.sql, person, async (tx) => {
      const [m] = await tx<{ id: string; body: string; author_id: string | null }[]>`
      select id, body, author_id from public.messages
      where channel_id = ${channel} order by seq desc limit 1`
      const [i] = await tx<
        { app_name: string; username: string | null; icon_emoji: string | null }[]
      >`
      select app_name, username, icon_emoji from public.integration_messages where message_id = ${m!.id}`
      return { ...m!, integration: i }
    })
  }

  beforeAll(async () => {
    // No refill during a test: the limit is counted, not timed.
    await h.stack
      .sql`update private.integration_config set value = 0 where name = 'webhook_per_second'`
  })
  return h
}

/** Slack's documented example: blocks (header, sections with fields, divider, context) and an attachment. */
export const REVIEW_PAYLOAD = {
  text: 'Danny Torrence left a 1 star review for your property.',
  username: 'ghost-bot',
  icon_emoji: ':ghost:',
  blocks: [
    { type: 'header', text: { type: 'plain_text', text: 'New review' } },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: 'Danny Torrence left the following review for your property:',
      },
    },
    { type: 'divider' },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: '<https://example.com|Overlook Hotel> \n :star: \n Doors had too many axe holes, *guest* in room 237 was ~far~ too rowdy.',
      },
      fields: [
        { type: 'mrkdwn', text: '*Average Rating*\n1.0' },
        { type: 'plain_text', text: 'Room 237 *unchanged*' },
      ],
    },
    { type: 'context', elements: [{ type: 'mrkdwn', text: 'Posted by <@U0123|danny>' }] },
  ],
  attachments: [
    {
      fallback: 'Build 42 failed',
      color: 'danger',
      title: 'Build 42',
      title_link: 'https://ci.example.com/42',
      text: 'Failed at _test_ step',
      fields: [{ title: 'Branch', value: '`main`', short: true }],
    },
  ],
}

/** Payloads Slack refuses: [body, status, error text, words of the X-Chorus-Error header]. */
export function badPayloads(member2: Person): [unknown, number, string, string?][] {
  let deep: unknown = { text: 'deep' }
  for (let i = 0; i < 50; i++) deep = { attachments: [deep] }
  return [
    ['not json', 400, 'invalid_payload'],
    [[1, 2], 400, 'invalid_payload'],
    [{ text: 5 }, 400, 'invalid_payload'],
    [{}, 400, 'no_text'],
    [{ text: '' }, 400, 'no_text'],
    [{ text: 'hi', attachments: 'nope' }, 400, 'invalid_payload'],
    [{ text: '<script>alert(1)</script>' }, 400, 'invalid_payload', 'HTML is not allowed'],
    [{ text: '<b>bold</b>' }, 400, 'invalid_payload'],
    [{ text: 'click <javascript:alert(1)|here>' }, 400, 'invalid_payload', 'only http'],
    [{ attachments: [{ title: 'x', title_link: 'javascript:alert(1)' }] }, 400, 'invalid_payload'],
    [{ blocks: [{ type: 'section', text: { type: 'html', text: 'x' } }] }, 400, 'invalid_blocks'],
    [{ blocks: [{ type: 'section' }] }, 400, 'invalid_blocks'],
    [{ text: 'x', icon_url: 'http://insecure.example/a.png' }, 400, 'invalid_payload'],
    [{ text: 'x'.repeat(40001) }, 400, 'msg_too_long'],
    [
      { text: 'x', attachments: Array.from({ length: 101 }, () => ({ text: 'a' })) },
      400,
      'too_many_attachments',
    ],
    [deep, 400, 'invalid_payload', 'nested deeper'],
    [{ text: 'y'.repeat(70_000) }, 400, 'invalid_payload', 'larger than'],
    [{ text: `<@${member2.id}> hi` }, 400, 'user_not_found'],
  ]
}
